/** URL slug: lower-case ASCII letters, digits and single dashes ("BNB Chain" → "bnb-chain", "zkSync Era" → "zksync-era"). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

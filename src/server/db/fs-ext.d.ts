// fs-ext ships no types; only the call we use is declared.
declare module 'fs-ext' {
  /** flock(2) on an open file descriptor; 'exnb' throws EAGAIN/EWOULDBLOCK when another open file holds it. */
  export function flockSync(fd: number, flags: 'sh' | 'ex' | 'shnb' | 'exnb' | 'un'): void;
}

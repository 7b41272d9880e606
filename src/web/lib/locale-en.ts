// The en namespaces the shell and the home page need, in one chunk, loaded only when en is the UI language. The
// namespaces of other pages only (ROUTE_NAMESPACES in i18n.ts: the signed-in pages', the info pages', the project,
// sector and platform pages'…) are left out here and loaded with their route, so the first page load does not carry
// them.
const modules = import.meta.glob<Record<string, unknown>>(
  [
    '../../shared/locales/en/*.json',
    '!../../shared/locales/en/{tasks,account,points,pages,compare,watchlists,alerts,notifications,search,exports,api,database,admin,payments,analysis,teams,dashboard,support,methodology,project,heat,sectors,sharing,ingestion,platforms,alerting,validation}.json',
  ],
  { eager: true, import: 'default' },
);

export default modules;

// The zh namespaces every page may need, in one chunk, loaded only when zh is the UI language. The namespaces of
// a few routes only (ROUTE_NAMESPACES in i18n.ts: the signed-in pages' tasks, account, points; the info pages')
// are left out here and loaded with their route, so the first page load does not carry them.
const modules = import.meta.glob<Record<string, unknown>>(
  [
    '../../shared/locales/zh/*.json',
    '!../../shared/locales/zh/{auth,membership,tasks,account,points,pages,compare,watchlists,alerts,notifications,search,exports,api,database,admin,payments,analysis,teams,dashboard,support,methodology,project,sectors,platforms,validation,ingestion,alerting,sharing}.json',
  ],
  { eager: true, import: 'default' },
);

export default modules;

// Component tests (jsdom) wait for a real server and the offline engine. On a busy machine
// that can take longer than Testing Library's default one second, so its waits get ten:
// a wait still fails when the text never comes, it just does not fail on a slow machine.
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
  // Components render English from the start, as the app does once a screen's namespace is
  // in (features/*/screens.ts loads it beside the screen's code; tests import screens directly).
  const { loadNamespaces } = await import('#client/i18n/catalogues');
  const { NAMESPACES } = await import('#shared/i18n/messages');
  await loadNamespaces('en', NAMESPACES);
}

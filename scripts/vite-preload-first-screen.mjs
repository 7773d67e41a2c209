/**
 * A Vite build plugin (issue 15: first paint): puts `<link rel="modulepreload">` (and the CSS) of
 * the lazy chunks the signed-in first screen needs into index.html, so the browser fetches them in
 * parallel with the entry instead of in waves after it. The chunks stay lazy for every other
 * screen; only their download starts early.
 *
 * `modules`: the source files of the first screen's chunks, relative to the app root
 * (e.g. 'src/app/app-layout.tsx').
 */
export function preloadFirstScreen(modules) {
  return {
    name: 'sieve-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (item) =>
            item.type === 'chunk' &&
            item.facadeModuleId &&
            modules.some((m) => item.facadeModuleId.replaceAll('\\', '/').endsWith(m)),
        );
        const js = new Set();
        const css = new Set();
        const visit = (chunk) => {
          if (!chunk || js.has(chunk.fileName) || chunk.isEntry) return;
          js.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const name of chunk.imports) visit(bundle[name]);
        };
        for (const chunk of chunks) visit(chunk);
        const base = '/';
        const fresh = (file) => !html.includes(file); // the entry's own preloads are there already
        return [
          ...[...js].filter(fresh).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
          // fetched early, applied when the chunk loads (not render-blocking for the sign-in screen)
          ...[...css].filter(fresh).map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}

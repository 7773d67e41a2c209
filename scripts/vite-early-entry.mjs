import path from 'node:path';

/**
 * A Vite build plugin (issue 15: first paint): builds `module` (relative to the app root) as an
 * entry of its own and loads it with `<script type="module" async>` first thing in index.html's
 * head, with its few small imports preloaded beside it, so it runs as soon as they arrive rather
 * than after the app's entry (Vite merges every module script of index.html into one entry) and
 * ahead of the first screen's chunks in the browser's six-connection queue. Used for the script
 * that starts the first data call.
 */
export function earlyEntry(module) {
  let root = process.cwd();
  let id;
  return {
    name: 'sieve-early-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      id = path.resolve(root, module);
      this.emitFile({ type: 'chunk', id, name: path.basename(module).replace(/\.[^.]+$/, '') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunk = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId === id,
        );
        if (!chunk) throw new Error(`sieve-early-entry: no chunk was built for ${module}`);
        const imports = new Set();
        const visit = (name) => {
          const item = bundle[name];
          if (!item || imports.has(name)) return;
          imports.add(name);
          for (const next of item.imports ?? []) visit(next);
        };
        for (const name of chunk.imports) visit(name);
        // Moved up, not repeated: drop the later modulepreload of the same files.
        let rest = html;
        for (const file of imports) {
          rest = rest.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*href="/${file}">`), '');
        }
        const tags = [
          `<script type="module" async crossorigin src="/${chunk.fileName}"></script>`,
          ...[...imports].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(rest)) throw new Error('sieve-early-entry: index.html has no <meta charset>');
        return rest.replace(charset, (meta) => `${meta}\n    ${tags.join('\n    ')}`);
      },
    },
  };
}

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, isRunnableDevEnvironment, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** Where the prerendered pages go in the build, by the path each answers (gateway/src/static-files.ts). */
const PRERENDERED_DIR = 'prerendered';

export interface PrerenderedPage {
  /** The URL path the page answers; it is served there only, so no other route shows its content first. */
  path: string;
  /** The route module the router loads lazily for that path: its chunks and styles go into the page's head. */
  routeModule: string;
}

/**
 * A route that cannot be prerendered (its content is private or changes), whose shell still names
 * the route's scripts: written as `prerendered/<name>.shell.html` for the gateway to serve at the
 * route's paths (gateway/src/gateway.app.ts), so they load with the entry, not after it.
 */
export interface RouteShell {
  name: string;
  routeModule: string;
}

export interface PrerenderOptions {
  /** A module exporting `renderPage(path)`: the markup of the app's first render at that path. */
  entry: string;
  pages: PrerenderedPage[];
  shells?: RouteShell[];
}

interface RenderEntry {
  renderPage(path: string): Promise<string>;
}

/** The shell's empty mount point, as index.html has it. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page file for a path: `/` → prerendered/index.html, `/a/b` → prerendered/a/b/index.html.
 * The gateway looks pages up the same way.
 */
const prerenderedPageFile = (urlPath: string) =>
  path.join(PRERENDERED_DIR, ...urlPath.split('/').filter(Boolean), 'index.html');

/** The chunk built for a module, then every chunk it imports statically, each once. */
function chunksOf(bundle: Rollup.OutputBundle, moduleId: string): Rollup.OutputChunk[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const root = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
  if (!root) throw new Error(`prerender: the build made no chunk for ${moduleId}`);
  const found = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(root);
  return [...found.values()];
}

/**
 * `html` (made from `shell`) with the head tags that let the route render without waiting for the
 * entry script to ask for its chunks: modulepreloads, leaving out whatever the shell already links.
 */
function withRoutePreloads(html: string, shell: string, chunks: Rollup.OutputChunk[], base: string): string {
  const tags = chunks
    .map((chunk) => base + chunk.fileName)
    .filter((href) => !shell.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The page's stylesheets (the shell's and the route's), inlined as one `<style>` where the shell
 * linked its own: the page paints from its HTML alone, with no stylesheet request before the first
 * paint. The gateway allows that element by its hash (gateway/src/landing-meta.ts).
 */
function inlineStyles(
  shell: string,
  chunks: Rollup.OutputChunk[],
  bundle: Rollup.OutputBundle,
  base: string,
): string {
  const linked = [...shell.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
  const routeStyles = chunks.flatMap((chunk) =>
    [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => base + file),
  );
  const css = [...new Set([...linked, ...routeStyles])].map((href) => {
    const asset = bundle[href.slice(base.length)];
    if (asset?.type !== 'asset') throw new Error(`prerender: the build wrote no stylesheet ${href}`);
    const text = String(asset.source);
    if (/<\/style/i.test(text)) throw new Error(`prerender: ${href} cannot be inlined: it contains </style`);
    return text;
  });
  if (css.length === 0) return shell;
  let first = true;
  return shell.replace(STYLESHEET_LINK, () => {
    const replacement = first ? `<style>${css.join('\n')}</style>` : '';
    first = false;
    return replacement;
  });
}

/**
 * A prerendered page is whole without its scripts: they only hydrate it. Asked for at low priority,
 * they leave a slow connection to what the first paint shows (the document, its fonts) first.
 */
const hydrationScriptsLast = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")\s/g, '<$1 fetchpriority="low" ');

/**
 * The markup goes out under a CSP with no inline scripts or styles (gateway/src/gateway.app.ts), so
 * a render that needs either would paint differently, or not hydrate, in the browser: fail the build.
 */
function assertNoInlineCode(urlPath: string, markup: string): void {
  const inline = /<script\b|<style\b|\sstyle="/.exec(markup);
  if (inline)
    throw new Error(`prerender: the markup of ${urlPath} has inline code the CSP blocks: ${inline[0]}`);
}

/** Runs the render entry through Vite's server-side module runner with this build's own config. */
async function loadRenderEntry(
  config: ResolvedConfig,
  entry: string,
): Promise<{ entry: RenderEntry; close(): Promise<void> }> {
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const environment = server.environments.ssr;
  if (!environment || !isRunnableDevEnvironment(environment)) {
    await server.close();
    throw new Error('prerender: Vite offers no runnable server environment');
  }
  try {
    return { entry: await environment.runner.import<RenderEntry>(entry), close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Writes each page as the shell (index.html) with the app's first render at its path inside
 * `#root`, marked `data-prerendered="<path>"` so main.tsx hydrates it, its styles inline and the
 * route's scripts preloaded in the head. The browser then paints the page from its HTML alone,
 * before any other file has arrived or any script has run. The shell itself stays empty: it is
 * what every other client route gets.
 */
export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'palm:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Before closeBundle, so the precompress plugin finds the pages written.
    async writeBundle(output, bundle) {
      const shellAsset = bundle['index.html'];
      if (shellAsset?.type !== 'asset') throw new Error('prerender: the build wrote no index.html');
      const shell = String(shellAsset.source);
      if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const renderer = await loadRenderEntry(config, options.entry);
      try {
        for (const page of options.pages) {
          const markup = await renderer.entry.renderPage(page.path);
          assertNoInlineCode(page.path, markup);
          const chunks = chunksOf(bundle, path.resolve(config.root, page.routeModule));
          const html = hydrationScriptsLast(
            withRoutePreloads(inlineStyles(shell, chunks, bundle, config.base), shell, chunks, config.base),
          ).replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${page.path}">${markup}</div>`);
          const file = path.join(outDir, prerenderedPageFile(page.path));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, html);
        }
        for (const route of options.shells ?? []) {
          const chunks = chunksOf(bundle, path.resolve(config.root, route.routeModule));
          const html = withRoutePreloads(shell, shell, chunks, config.base);
          await writeFile(path.join(outDir, PRERENDERED_DIR, `${route.name}.shell.html`), html);
        }
      } finally {
        await renderer.close();
      }
    },
  };
}

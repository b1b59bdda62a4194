import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  build,
  createServer,
  isRunnableDevEnvironment,
  type Plugin,
  type ResolvedConfig,
  type Rollup,
} from 'vite';

/** Where the prerendered pages go in the build, by the path each answers (gateway/src/static-files.ts). */
const PRERENDERED_DIR = 'prerendered';

export interface PrerenderedPage {
  /** The URL path the page answers; it is served there only, so no other route shows its content first. */
  path: string;
  /** The route module the router loads lazily for that path: its chunks and styles go into the page's head. */
  routeModule: string;
}

/**
 * A route that cannot be prerendered (its content is private or changes): written as
 * `prerendered/<name>.shell.html` for the gateway to serve at the route's paths, with the server's
 * render of the page in its `#root` when it has one (gateway/src/report-meta.ts). So it is made
 * like a prerendered page: its stylesheet inline, the route's scripts at low priority (or left to
 * its loader).
 */
export interface RouteShell {
  name: string;
  routeModule: string;
  /**
   * The font files (matched by their built name) that the route's first screen sets text in:
   * preloaded, so they arrive with the document and the text is laid out in them from the first
   * paint, instead of in a fallback that shifts the page when they come.
   */
  fonts?: RegExp[];
  /**
   * A module that starts the page's scripts itself, when the page no longer needs the bandwidth
   * (web/src/app/load-after-photo.ts): built as an entry of its own, it is the shell's only script,
   * and its element names the app's entry and the chunks to preload (`data-modules`, entry first)
   * instead of the shell fetching them with the document.
   */
  loader?: string;
}

export interface PrerenderOptions {
  /**
   * A module exporting `renderPage(path)`: the markup of the app's first render at that path. Also
   * built, whole, into `server/render.js` of the output (SERVER_DIR), which the gateway runs to
   * render the pages that differ per visitor (gateway/src/report-meta.ts).
   */
  entry: string;
  pages: PrerenderedPage[];
  shells?: RouteShell[];
}

/** Where the server render of the app goes in the build: private to the gateway, never served. */
export const SERVER_DIR = 'server';

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

/** Preloads for the built fonts whose names match `patterns`; each pattern must match one. */
function fontPreloads(bundle: Rollup.OutputBundle, patterns: RegExp[], base: string): string[] {
  return patterns.map((pattern) => {
    const font = Object.values(bundle).find(
      (output) => output.type === 'asset' && pattern.test(output.fileName),
    );
    if (!font) throw new Error(`prerender: the build wrote no font matching ${pattern}`);
    return `<link rel="preload" as="font" type="font/woff2" crossorigin href="${base}${font.fileName}">`;
  });
}

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * `html` with its module scripts and modulepreloads taken out and named on `loader`'s element
 * instead, the entry first (RouteShell.loader).
 */
function scriptsLeftToLoader(html: string, loader: string): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const bare = html
    .replace(MODULE_SCRIPT, (_, src: string) => (entries.push(src), ''))
    .replace(MODULE_PRELOAD, (_, href: string) => (preloads.push(href), ''));
  if (entries.length !== 1)
    throw new Error(`prerender: a shell with a loader needs one entry script, not ${entries.length}`);
  const modules = [...entries, ...preloads].join(' ');
  return bare.replace(
    '</head>',
    `  <script type="module" crossorigin src="${loader}" data-modules="${modules}"></script>\n  </head>`,
  );
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
 * The render entry as one self-contained module (React and every package in it: the gateway runs
 * it as it is, from wherever the build was copied), through this build's own config.
 */
async function buildServerRenderer(config: ResolvedConfig, entry: string, outDir: string): Promise<void> {
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    // An SSR build keeps process.env.NODE_ENV for run time, and with it React's development
    // renderer beside the production one: the gateway would render with whichever its environment
    // happens to name. The bundle is fixed to this build's mode instead.
    define: { 'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development') },
    ssr: { noExternal: true },
    build: {
      ssr: path.join(config.root, entry),
      outDir: path.join(outDir, SERVER_DIR),
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'render.js' } },
    },
  });
}

/**
 * Writes each page as the shell (index.html) with the app's first render at its path inside
 * `#root`, marked `data-prerendered="<path>"` so main.tsx hydrates it, its styles inline and the
 * route's scripts preloaded in the head. The browser then paints the page from its HTML alone,
 * before any other file has arrived or any script has run. The shell itself stays empty: it is
 * what every other client route gets. Route shells are made the same way with `#root` left empty,
 * and the render entry is built for the server.
 */
export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'palm:prerender',
    // Not in the server renderer's own build, which this plugin starts.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      for (const route of options.shells ?? []) {
        if (route.loader) this.emitFile({ type: 'chunk', id: path.resolve(config.root, route.loader) });
      }
    },
    // Before closeBundle, so the precompress plugin finds the pages written.
    async writeBundle(output, bundle) {
      const shellAsset = bundle['index.html'];
      if (shellAsset?.type !== 'asset') throw new Error('prerender: the build wrote no index.html');
      const shell = String(shellAsset.source);
      if (!shell.includes(EMPTY_ROOT)) throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const pageFor = (routeModule: string) => {
        const chunks = chunksOf(bundle, path.resolve(config.root, routeModule));
        return hydrationScriptsLast(
          withRoutePreloads(inlineStyles(shell, chunks, bundle, config.base), shell, chunks, config.base),
        );
      };
      const renderer = await loadRenderEntry(config, options.entry);
      try {
        for (const page of options.pages) {
          const markup = await renderer.entry.renderPage(page.path);
          assertNoInlineCode(page.path, markup);
          const html = pageFor(page.routeModule).replace(
            EMPTY_ROOT,
            () => `<div id="root" data-prerendered="${page.path}">${markup}</div>`,
          );
          const file = path.join(outDir, prerenderedPageFile(page.path));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, html);
        }
        for (const route of options.shells ?? []) {
          const fonts = fontPreloads(bundle, route.fonts ?? [], config.base);
          let html = pageFor(route.routeModule).replace('</head>', `  ${fonts.join('\n    ')}\n  </head>`);
          if (route.loader) {
            const [loader] = chunksOf(bundle, path.resolve(config.root, route.loader));
            html = scriptsLeftToLoader(html, config.base + loader!.fileName);
          }
          await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
          await writeFile(path.join(outDir, PRERENDERED_DIR, `${route.name}.shell.html`), html);
        }
      } finally {
        await renderer.close();
      }
      await buildServerRenderer(config, options.entry, outDir);
    },
  };
}

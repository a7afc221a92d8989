import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The SPA build. In development the dev server proxies API, identity, file and hub calls to the
// platform server started next to it by `npm run dev`.
const apiPort = Number(process.env.PORT ?? 8080);
const devPages = process.env.SPACES_DEV_PAGES === 'true' || process.env.NODE_ENV === 'development';

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './src/main.tsx' },
    // Development pages (/dev/engine) exist in `npm run dev` and in builds made with
    // SPACES_DEV_PAGES=true (the end-to-end tests and benchmarks); ordinary builds leave them out.
    define: {
      'process.env.SPACES_DEV_PAGES': JSON.stringify(devPages ? 'true' : ''),
    },
  },
  html: {
    template: './src/index.html',
    // The page's icon; public/favicon.ico (the same cube) answers browsers that ask for that path.
    favicon: './public/favicon.svg',
    // Tells the server the build has its development pages, so they answer 200 rather than 404.
    meta: devPages ? { 'spaces-dev-pages': 'true' } : undefined,
  },
  output: {
    distPath: { root: 'dist/spa' },
    cleanDistPath: true,
    // The glTF decoders the engine loads when a model needs them (Draco meshes, KTX2 textures),
    // served from our own origin at /decoders/. The meshopt decoder is bundled as a chunk.
    copy: [
      ...['draco_wasm_wrapper.js', 'draco_decoder.wasm'].map((name) => ({
        from: `node_modules/three/examples/jsm/libs/draco/gltf/${name}`,
        to: 'decoders/draco/',
      })),
      ...['basis_transcoder.js', 'basis_transcoder.wasm'].map((name) => ({
        from: `node_modules/three/examples/jsm/libs/basis/${name}`,
        to: 'decoders/basis/',
      })),
    ],
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  server: {
    port: 3000,
    historyApiFallback: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/oidc': `http://127.0.0.1:${apiPort}`,
      '/interaction': `http://127.0.0.1:${apiPort}`,
      '/files': `http://127.0.0.1:${apiPort}`,
      '/hubs': { target: `http://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});

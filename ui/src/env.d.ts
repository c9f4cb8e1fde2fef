// Plain CSS files are imported for their side effect and bundled by esbuild.
declare module '*.css';

// Plain CSS files are imported for their side effect and bundled by esbuild.
declare module '*.css';
/** A stylesheet as a minified string (ui/build.mjs; Vite's suffix, which the tests' runner reads). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
/** A stylesheet's source text (tests). */
declare module '*.css?raw' {
  const source: string;
  export default source;
}
declare module '*.svg' {
  /** The file's hashed URL (esbuild's file loader). */
  const url: string;
  export default url;
}

// Plain CSS files are imported for their side effect and bundled by esbuild.
declare module '*.css';
declare module '*.svg' {
  /** The file's hashed URL (esbuild's file loader). */
  const url: string;
  export default url;
}

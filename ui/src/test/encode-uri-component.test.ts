import { describe, expect, it } from 'vitest';
import cases from '../generated/encode-uri-component.cases.json';

// The server spells API paths (the query cache's keys) with its own copy of the
// browser's encodeURIComponent (`encode_uri_component` in crates/contract/src/template.rs).
describe("the server's encodeURIComponent", () => {
  it.each(cases)('spells $text as the browser does', ({ text, encoded }) => {
    expect(encodeURIComponent(text)).toBe(encoded);
  });
});

import { describe, expect, it } from 'vitest';
import cases from '../generated/page-heads.cases.json';
import type { Article, Artist } from '../generated/contract';
import { artistHead } from '../features/catalog/artist/artist-page';
import { articleHead } from '../features/content/article-page';

/** The head a page sets on client navigation is the one the server writes for it. */
const words = ({ title, description, imageAlt }: { title: string; description: string; imageAlt?: string }) => ({ title, description, imageAlt });

describe("a page's head on client navigation", () => {
  it.each(cases.artists)("is the server's for the artist $page.title", ({ page, expected }) => {
    expect(words(artistHead(page as Artist, 'https://soundatlas.test'))).toEqual(expected);
  });

  it.each(cases.articles)("is the server's for the article $page.title", ({ page, expected }) => {
    expect(words(articleHead(page as Article, 'https://soundatlas.test'))).toEqual(expected);
  });
});

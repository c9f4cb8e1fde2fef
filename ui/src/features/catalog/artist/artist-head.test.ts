import { describe, expect, it } from 'vitest';
import cases from '../../../generated/artist-head.cases.json';
import type { ArtistKind } from '../../../generated/contract';
import { artistHead } from './artist-page';

describe("an artist page's head on client navigation", () => {
  it.each(cases)('is the one the server writes for $title', ({ id, title, bio, kind, genres, expected }) => {
    const head = artistHead({ id, title, bio, kind: kind as ArtistKind, genres }, 'https://soundatlas.test');
    expect({ title: head.title, description: head.description, imageAlt: head.imageAlt }).toEqual(expected);
  });
});

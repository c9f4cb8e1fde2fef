import { describe, expect, it } from 'vitest';
import cases from '../../../generated/decades.cases.json';
import { decadeOf } from './artist-facts';

describe('an artist\'s decade', () => {
  it.each(cases)("is the server's for $year", ({ year, decade }) => {
    expect(decadeOf(year)).toBe(decade);
  });
});

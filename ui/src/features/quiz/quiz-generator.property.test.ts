import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateQuiz, type QuizFact, type QuizQuestion } from './quiz-generator';

// Small pools so that artists share genres, places and names, and narrower/wider
// variants of the same answer meet in one quiz.
const GENRES = ['Rock', 'Pop Rock', 'Hard Rock', 'Hip-Hop', 'West Coast Hip-Hop', 'hip hop', 'Jazz', 'Soul', 'Pop', 'K-Pop', 'Electronic'];
const ORIGINS = [
  'New York City, New York, United States',
  'Queens, New York City, New York, United States',
  'Los Angeles, California, United States',
  'London, England',
  'london, england',
  'Paris, France',
  'Port of Spain, Trinidad and Tobago',
  'Seoul, South Korea',
];
const REAL_NAMES = ['Ada Mary Lovelace', 'Bruno Mars', 'Known As Ben', 'Stage Person', 'Cher', 'Al Bo', 'Curtis James Jackson', 'Robert Zimmerman'];
const PLACES = ['Los Angeles', 'London', 'Queens'];

const factArb = (id: number): fc.Arbitrary<QuizFact> =>
  fc.record({
    id: fc.constant(id),
    title: fc.constantFrom('Adele', 'Cher', 'Blur', 'Bruno Mars', 'Drake', 'Muse', 'Oasis', 'Sia', 'Common', 'Eve', 'Robert Zimmerman'),
    kind: fc.constantFrom('band' as const, 'solo' as const),
    year: fc.option(fc.integer({ min: 1900, max: 2020 })),
    origin: fc.option(fc.constantFrom(...ORIGINS)),
    realName: fc.option(fc.constantFrom(...REAL_NAMES)),
    genres: fc.uniqueArray(fc.constantFrom(...GENRES), { maxLength: 3 }),
    bioLength: fc.integer({ min: 0, max: 400 }),
    bioLine: fc.option(
      fc.constantFrom('X was born Juliet Kilo Lima in Oslo in 1984.', 'The band was formed in Leeds in 1977.', 'Born in Tulsa.'),
    ),
    bioPlaces: fc.uniqueArray(fc.constantFrom(...PLACES), { maxLength: 2 }),
  });

const catalogueArb = fc.integer({ min: 0, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => factArb(i + 1))));

const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const wordsOf = (s: string) => key(s).split(' ');
/** Genres sharing a word may both be true of an artist. */
const sameWordsAs = (a: string, b: string) => wordsOf(a).some((w) => wordsOf(b).includes(w));
const parts = (place: string) => place.split(',').map(key);
const placeWithin = (a: string, b: string) => {
  const [x, y] = [parts(a), parts(b)];
  const [long, short] = x.length >= y.length ? [x, y] : [y, x];
  return short.every((p, i) => long[long.length - short.length + i] === p);
};

/** The year and real name the artist's facts give (the bio sentence only when the field is missing). */
function yearOf(f: QuizFact): number | null {
  if (f.year !== null) return f.year;
  const verb = f.kind === 'band' ? 'formed' : 'born';
  const m = f.bioLine && new RegExp(`\\b${verb}\\b[^.]*?(\\d{4})`, 'i').exec(f.bioLine);
  return m ? Number(m[1]) : null;
}
function realNameOf(f: QuizFact): string | null {
  if (f.kind !== 'solo') return null;
  if (f.realName !== null) return f.realName;
  return f.bioLine?.includes('born Juliet Kilo Lima') ? 'Juliet Kilo Lima' : null;
}

/** Whether `option` is a true answer to `q` about artist `f`: an independent restatement of the rules. */
function isTrue(q: QuizQuestion, f: QuizFact, option: string, catalogue: QuizFact[]): boolean {
  switch (q.category) {
    case 'Genre':
      return f.genres.some((g) => sameWordsAs(g, option));
    case 'Birth Year':
      return option === String(yearOf(f));
    case 'Origin':
      return (f.origin !== null && placeWithin(f.origin, option)) || f.bioPlaces.some((p) => parts(option).includes(key(p)));
    case 'True/False': {
      const claimed = Number(/(\d{4})\.$/.exec(q.question)![1]);
      return option === (claimed === yearOf(f) ? 'True' : 'False');
    }
    case 'Real Names':
      return realNameOf(f) !== null && key(option) === key(realNameOf(f)!);
    case 'Stage Names': {
      // True when some artist with that title has this real name.
      const name = q.question.replace("Which artist's real name is ", '').replace(/\?$/, '');
      return catalogue.some((a) => key(a.title) === key(option) && realNameOf(a) !== null && key(realNameOf(a)!) === key(name));
    }
  }
}

describe('generateQuiz over random catalogues and seeds', () => {
  it('asks only true correct answers, no true distractors, about eligible artists, and repeats itself for a seed', () => {
    fc.assert(
      fc.property(catalogueArb, fc.string(), (catalogue, seed) => {
        const quiz = generateQuiz(catalogue, seed);
        expect(quiz.length).toBeLessThanOrEqual(10);
        for (const q of quiz) {
          const f = catalogue.find((a) => a.id === q.artistId)!;
          expect(f.bioLength).toBeGreaterThanOrEqual(50);
          expect(q.question).toContain(q.category === 'Stage Names' ? realNameOf(f)! : f.title);
          q.options.forEach((option, i) => {
            expect(isTrue(q, f, option, catalogue)).toBe(i === q.correctAnswer);
          });
          expect(new Set(q.options.map(key)).size).toBe(q.options.length);
          expect(q.explanation.length).toBeGreaterThan(0);
        }
        expect(generateQuiz(catalogue, seed)).toEqual(quiz);
      }),
      { numRuns: 500 },
    );
  });
});

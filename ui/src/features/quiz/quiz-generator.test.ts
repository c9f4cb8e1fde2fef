import { describe, expect, it } from 'vitest';
import { CATALOGUE, fact } from './quiz-fixtures';
import {
  answerKey,
  generateQuiz,
  genresOverlap,
  isRealNameCandidate,
  MAX_QUESTIONS,
  originsOverlap,
  QUIZ_CATEGORIES,
  realNameFromBio,
  resultMessage,
  yearFromBio,
  type QuizCategory,
  type QuizFact,
  type QuizQuestion,
} from './quiz-generator';

const SEEDS = Array.from({ length: 400 }, (_, i) => `seed-${i}`);

/** Every question generated over many seeds from the fixed catalogue. */
let cached: QuizQuestion[] | undefined;
function allQuestions(): QuizQuestion[] {
  cached ??= SEEDS.flatMap((seed) => generateQuiz(CATALOGUE, seed));
  return cached;
}

const about = (id: number, category?: QuizCategory) =>
  allQuestions().filter((q) => q.artistId === id && (category === undefined || q.category === category));

const correct = (q: QuizQuestion) => q.options[q.correctAnswer];

/** A catalogue of `n` solo artists with every fact, all distinct. */
function bigCatalogue(n: number): QuizFact[] {
  return Array.from({ length: n }, (_, i) =>
    fact({
      id: i + 1,
      title: `Artist ${i + 1}`,
      realName: `Given${i + 1} Family${i + 1}`,
      year: 1950 + i,
      origin: `Town ${i + 1}, Country ${i % 7}`,
      genres: [`Style${i + 1}`],
    }),
  );
}

describe('generateQuiz', () => {
  it('asks at most 10 questions, one per artist, of the six kinds', () => {
    for (const seed of SEEDS.slice(0, 50)) {
      const quiz = generateQuiz(bigCatalogue(40), seed);
      expect(quiz).toHaveLength(MAX_QUESTIONS);
      expect(new Set(quiz.map((q) => q.artistId)).size).toBe(quiz.length);
    }
    const kinds = new Set(SEEDS.flatMap((seed) => generateQuiz(bigCatalogue(40), seed)).map((q) => q.category));
    expect([...kinds].sort()).toEqual([...QUIZ_CATEGORIES].sort());
  });

  it('gives the same quiz for the same seed and another quiz for another seed', () => {
    expect(generateQuiz(CATALOGUE, 'abc')).toEqual(generateQuiz(CATALOGUE, 'abc'));
    expect(generateQuiz(CATALOGUE, 'abc')).not.toEqual(generateQuiz(CATALOGUE, 'abd'));
  });

  it('never asks about an artist whose biography is under 50 characters', () => {
    expect(about(12)).toEqual([]);
    expect(generateQuiz([fact({ id: 1, title: 'X', year: 1990, bioLength: 49 })], 's')).toEqual([]);
    const fifty = [fact({ id: 1, title: 'X', year: 1990, bioLength: 50 })];
    expect(SEEDS.some((seed) => generateQuiz(fifty, seed).length === 1)).toBe(true);
  });

  it('offers the birth year with year - 3 and year + 5, asking "born" for a person and "formed" for a group', () => {
    const solo = about(1, 'Birth Year');
    expect(solo.length).toBeGreaterThan(0);
    for (const q of solo) {
      expect(q.question).toBe('In which year was Ada Stage born?');
      expect(correct(q)).toBe('1970');
      expect([...q.options].sort()).toEqual(['1967', '1970', '1975']);
      expect(q.explanation).toBe('Ada Stage was born in 1970 in London, England.');
    }
    const band = about(9, 'Birth Year');
    expect(band.length).toBeGreaterThan(0);
    for (const q of band) {
      expect(q.question).toBe('In which year was The Fives formed?');
      expect(correct(q)).toBe('1965');
      expect([...q.options].sort()).toEqual(['1962', '1965', '1970']);
    }
  });

  it('asks true or false about the year, the false variant off by 10', () => {
    const questions = about(4, 'True/False');
    const claims = new Set(questions.map((q) => q.question));
    expect(claims).toEqual(
      new Set([
        'True or False: Dee Jazz was born in 1960.',
        'True or False: Dee Jazz was born in 1950.',
        'True or False: Dee Jazz was born in 1970.',
      ]),
    );
    for (const q of questions) {
      expect(q.options).toEqual(['True', 'False']);
      expect(correct(q)).toBe(q.question.endsWith('1960.') ? 'True' : 'False');
      expect(q.explanation).toBe('Dee Jazz was born in 1960 in Havana, Cuba.');
    }
  });

  it('asks where an artist comes from, never offering a place the artist also comes from', () => {
    const queens = about(2, 'Origin');
    expect(queens.length).toBeGreaterThan(0);
    for (const q of queens) {
      expect(q.question).toBe('Where does B-Queens come from?');
      expect(correct(q)).toBe('Queens, New York City, New York, United States');
      // New York City contains Queens: that answer would be right too.
      expect(q.options).not.toContain('New York City, New York, United States');
    }
    const sevens = about(10, 'Origin');
    expect(sevens.length).toBeGreaterThan(0);
    for (const q of sevens) {
      expect(q.question).toBe('Where was Sevens formed?');
      // The biography names Los Angeles (where the band moved).
      expect(q.options).not.toContain('Los Angeles, California, United States');
      expect(q.explanation).toBe('Sevens was formed in Omaha, Nebraska, United States.');
    }
  });

  it('asks a genre with distractors that the artist does not also play', () => {
    const questions = about(2, 'Genre');
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expect(q.question).toBe('Which genre is B-Queens known for?');
      expect(correct(q)).toBe('West Coast Hip-Hop');
      expect(q.options).toHaveLength(4);
      expect(q.options).not.toContain('Hip-Hop');
      expect(q.explanation).toBe("B-Queens' genre is West Coast Hip-Hop.");
    }
    for (const q of about(9, 'Genre')) {
      expect(['Rock', 'Blues Rock']).toContain(correct(q));
      expect(q.options).not.toContain('Pop Rock');
      expect(q.explanation).toBe("The Fives' genres are Rock and Blues Rock.");
    }
  });

  it('asks real names and stage names only with real-name candidates', () => {
    const realNames = allQuestions().filter((q) => q.category === 'Real Names');
    const stageNames = allQuestions().filter((q) => q.category === 'Stage Names');
    expect(realNames.length).toBeGreaterThan(0);
    expect(stageNames.length).toBeGreaterThan(0);
    const candidates = ['Ada Mary Lovelace', 'Bruno Carl Mars', 'Celia Dora Fox', 'Golf Hotel', 'Juliet Kilo Lima'];
    for (const q of realNames) expect(q.options.every((o) => candidates.includes(o))).toBe(true);
    for (const q of stageNames) {
      expect(candidates.some((name) => q.question === `Which artist's real name is ${name}?`)).toBe(true);
      expect(q.options.every((o) => ['Ada Stage', 'B-Queens', 'Cee Trap', 'Dee Jazz', 'Fallback Five'].includes(o))).toBe(true);
    }
    const ada = about(1, 'Real Names');
    expect(ada.length).toBeGreaterThan(0);
    for (const q of ada) {
      expect(q.question).toBe('What is the real name of Ada Stage?');
      expect(correct(q)).toBe('Ada Mary Lovelace');
      expect(q.explanation).toBe("Ada Stage's real name is Ada Mary Lovelace.");
    }
    // Eve, Fay, Gus and Hal have no candidate real name, bands have none.
    for (const id of [5, 6, 7, 8, 9, 10, 11]) {
      expect(about(id).filter((q) => q.category === 'Real Names' || q.category === 'Stage Names')).toEqual([]);
    }
  });

  it('reads a missing year and real name from the biography sentence', () => {
    const years = about(14, 'Birth Year');
    expect(years.length).toBeGreaterThan(0);
    for (const q of years) {
      expect(correct(q)).toBe('1984');
      expect(q.explanation).toBe(
        'Fallback Five was born in 1984. From the biography: "Fallback Five was born Juliet Kilo Lima in Bergen in 1984."',
      );
    }
    for (const q of about(14, 'Real Names')) expect(correct(q)).toBe('Juliet Kilo Lima');
    for (const q of about(15, 'Birth Year')) {
      expect(q.question).toBe('In which year was Formed Late formed?');
      expect(correct(q)).toBe('1991');
    }
  });

  it('asks nothing but a genre about an artist without year or origin', () => {
    const questions = about(13);
    expect(questions.length).toBeGreaterThan(0);
    expect(new Set(questions.map((q) => q.category))).toEqual(new Set(['Genre']));
  });

  it('skips questions whose distractors cannot be found in a catalogue too small for them', () => {
    const small = [
      fact({ id: 1, title: 'One', realName: 'Ann One Smith', year: 1970, origin: 'Rome, Italy', genres: ['Pop'] }),
      fact({ id: 2, title: 'Two', realName: 'Bob Two Smith', year: 1971, origin: 'Oslo, Norway', genres: ['Rock'] }),
      fact({ id: 3, title: 'Three', realName: 'Cid Three Smith', year: 1972, origin: 'Lima, Peru', genres: ['Jazz'] }),
    ];
    const questions = SEEDS.flatMap((seed) => generateQuiz(small, seed));
    expect(new Set(questions.map((q) => q.category))).toEqual(new Set(['Birth Year', 'True/False']));
    expect(generateQuiz([], 'any')).toEqual([]);
  });

  it('shuffles the options, never repeats one, and points at the right one', () => {
    const questions = allQuestions();
    for (const q of questions) {
      expect(new Set(q.options.map(answerKey)).size).toBe(q.options.length);
      expect(q.correctAnswer).toBeGreaterThanOrEqual(0);
      expect(q.correctAnswer).toBeLessThan(q.options.length);
    }
    const positions = new Set(questions.filter((q) => q.category === 'Genre').map((q) => q.correctAnswer));
    expect(positions).toEqual(new Set([0, 1, 2, 3]));
  });
});

describe('the rules', () => {
  it('takes as real-name candidates names with a space, over 5 characters, without "stage" or "known"', () => {
    expect(isRealNameCandidate('Ada Lovelace')).toBe(true);
    expect(isRealNameCandidate('Adeline')).toBe(false);
    expect(isRealNameCandidate('Fa Y')).toBe(false);
    expect(isRealNameCandidate('Al Bo')).toBe(false);
    expect(isRealNameCandidate('Al Bob')).toBe(true);
    expect(isRealNameCandidate('Known As Gus')).toBe(false);
    expect(isRealNameCandidate('Her Stage Name')).toBe(false);
  });

  it('treats genres sharing a word as kin, others not', () => {
    expect(genresOverlap('West Coast Hip-Hop', 'Hip Hop')).toBe(true);
    expect(genresOverlap('rock', 'Pop Rock')).toBe(true);
    expect(genresOverlap('Hard Rock', 'Pop Rock')).toBe(true);
    expect(genresOverlap('Alternative Metal', 'Alternative Rock')).toBe(true);
    expect(genresOverlap('Jazz', 'Soul')).toBe(false);
  });

  it('treats a place within another as overlapping', () => {
    expect(originsOverlap('Queens, New York City, United States', 'New York City, United States')).toBe(true);
    expect(originsOverlap('London, England', 'london,  England')).toBe(true);
    expect(originsOverlap('London, England', 'Birmingham, England')).toBe(false);
    expect(originsOverlap('Port of Spain, Trinidad and Tobago', 'Tobago')).toBe(false);
  });

  it('reads the year after "born" or "formed" and the name after "born"', () => {
    expect(yearFromBio('She was born in Tulsa in 1961.', 'solo')).toBe(1961);
    expect(yearFromBio('Formed in 1972 in Leeds.', 'band')).toBe(1972);
    expect(yearFromBio('They released an album in 1972.', 'band')).toBeNull();
    expect(realNameFromBio('He was born Curtis James Jackson in Queens.')).toBe('Curtis James Jackson');
    expect(realNameFromBio('She was born in New York.')).toBeNull();
  });

  it('picks the result message by percentage', () => {
    expect(resultMessage(8, 10)).toBe('Outstanding! You really know your music!');
    expect(resultMessage(7, 10)).toBe('Great job! You have solid music knowledge!');
    expect(resultMessage(3, 5)).toBe('Great job! You have solid music knowledge!');
    expect(resultMessage(2, 5)).toBe('Not bad! Keep exploring music to learn more!');
    expect(resultMessage(3, 10)).toBe("Keep listening! There's so much music to discover!");
    expect(resultMessage(0, 0)).toBe("Keep listening! There's so much music to discover!");
  });
});

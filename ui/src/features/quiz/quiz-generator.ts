/**
 * The music quiz, generated from the catalogue's structured facts. Pure and seeded:
 * the same seed and the same facts give the same quiz, on the server and in the browser,
 * so a quiz can be shared by its URL.
 *
 * Every correct answer is an artist's own fact, and every distractor is checked not to be
 * true as well (no genre the artist also has, no place the artist also comes from).
 */
import { QUIZ_MAX_QUESTIONS, QUIZ_MIN_BIO_CHARS, type QuizFact } from '../../generated/contract';
import { seededRandom, type Random } from './seeded-random';

/** What the quiz knows about one artist (`GET /api/quiz/facts?seed=`, defined in the contract). */
export type { QuizFact };

/** The six kinds of question (a question's "category"). */
export type QuizCategory = 'Genre' | 'Birth Year' | 'Origin' | 'True/False' | 'Real Names' | 'Stage Names';
export const QUIZ_CATEGORIES: readonly QuizCategory[] = ['Genre', 'Birth Year', 'Origin', 'True/False', 'Real Names', 'Stage Names'];

/** The quiz's constants: its limits (from the contract) and the distractor offsets. */
export const MAX_QUESTIONS = QUIZ_MAX_QUESTIONS;
export const MIN_BIO_CHARS = QUIZ_MIN_BIO_CHARS;
export const BIRTH_YEAR_DISTRACTOR_OFFSETS: readonly number[] = [-3, 5];
export const TRUE_FALSE_YEAR_OFFSET = 10;
const CHOICE_DISTRACTORS = 3;

/** A question, plus the artist it is about. */
export interface QuizQuestion {
  question: string;
  options: string[];
  /** Index into `options`. */
  correctAnswer: number;
  explanation: string;
  category: QuizCategory;
  artistId: number;
}

/** A comparison key: case, punctuation and spacing do not make two answers differ. */
export function answerKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const words = (text: string): string[] => answerKey(text).split(' ').filter(Boolean);

/** A real name: a space, more than 5 characters, and neither "stage" nor "known". */
export function isRealNameCandidate(name: string): boolean {
  return name.includes(' ') && name.length > 5 && !/stage|known/i.test(name);
}

/** True when `other` might also be right for an artist of `genre`: any shared word makes them
 *  kin ("Hip-Hop" / "West Coast Hip-Hop", "Alternative Metal" / "Alternative Rock"), so a
 *  distractor is always a clearly different genre. */
export function genresOverlap(genre: string, other: string): boolean {
  const a = words(genre);
  return words(other).some((w) => a.includes(w));
}

/** The comma-separated parts of a place, most specific first, as keys. */
const placeParts = (place: string): string[] => place.split(',').map(answerKey).filter(Boolean);

/** True when `other` would also be a right answer to "where from" for `origin`: the same
 *  place, or one lies within the other ("New York City, ..." and "Queens, New York City, ..."). */
export function originsOverlap(origin: string, other: string): boolean {
  const a = placeParts(origin);
  const b = placeParts(other);
  const isTail = (long: string[], short: string[]) =>
    short.length <= long.length && short.every((part, i) => long[long.length - short.length + i] === part);
  return isTail(a, b) || isTail(b, a);
}

/** The year a bio sentence gives after "born" (solo) or "formed" (band), if any. */
export function yearFromBio(line: string | null, kind: QuizFact['kind']): number | null {
  if (!line) return null;
  const verb = kind === 'band' ? 'formed' : 'born';
  const match = new RegExp(`\\b${verb}\\b[^.]*?\\b(1[5-9]\\d\\d|20\\d\\d)\\b`, 'i').exec(line);
  return match ? Number(match[1]) : null;
}

/** The name a bio sentence gives right after "born" ("born Curtis James Jackson in ..."). */
export function realNameFromBio(line: string | null): string | null {
  if (!line) return null;
  const match = /\bborn\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)+)/u.exec(line);
  return match ? match[1] : null;
}

/** An artist's facts with the bio fallback applied. */
interface Known {
  fact: QuizFact;
  year: number | null;
  yearFromBio: boolean;
  /** Only for solo artists, only a valid candidate, never the stage name itself. */
  realName: string | null;
  realNameFromBio: boolean;
}

function resolve(fact: QuizFact): Known {
  // The artist's own name says nothing ("Born Free", "Formed Late"): read the rest.
  const line = fact.bioLine === null ? null : fact.bioLine.split(fact.title).join(' ');
  const bioYear = fact.year === null ? yearFromBio(line, fact.kind) : null;
  let realName: string | null = null;
  let nameFromBio = false;
  if (fact.kind === 'solo') {
    const structured = fact.realName?.trim() || null;
    const fromBio = structured === null ? realNameFromBio(line) : null;
    const candidate = structured ?? fromBio;
    if (candidate && isRealNameCandidate(candidate) && answerKey(candidate) !== answerKey(fact.title)) {
      realName = candidate;
      nameFromBio = structured === null;
    }
  }
  return { fact, year: fact.year ?? bioYear, yearFromBio: fact.year === null && bioYear !== null, realName, realNameFromBio: nameFromBio };
}

/** Distinct values (by `answerKey`) in first-seen order. */
function distinct(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = answerKey(value);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** The catalogue-wide answer pools, computed once per quiz. */
interface Pools {
  genres: string[];
  origins: string[];
  soloWithRealName: Known[];
  /** Including artists not asked about: a name one of them performs under is no distractor. */
  everyRealName: Known[];
}

interface Draft {
  question: string;
  correct: string;
  distractors: string[];
  explanation: string;
  /** True/False keeps its natural order. */
  fixedOptions?: string[];
}

const isBand = (k: Known) => k.fact.kind === 'band';
const originOf = (k: Known) => k.fact.origin?.trim() || null;

/** "born in 1971 in New York City, ..." / "formed in 1972 in Stockport, England". */
function yearAndPlace(k: Known): string {
  const verb = isBand(k) ? 'formed' : 'born';
  const origin = originOf(k);
  return `${k.fact.title} was ${verb} in ${k.year}${origin && !k.yearFromBio ? ` in ${origin}` : ''}.`;
}

const fromBio = (k: Known) => (k.fact.bioLine ? ` From the biography: "${k.fact.bioLine}"` : '');

function genreQuestion(k: Known, pools: Pools, random: Random): Draft | null {
  const own = distinct(k.fact.genres.map((g) => g.trim()));
  const correct = random.pick(own);
  if (correct === undefined) return null;
  const candidates = pools.genres.filter((g) => !own.some((mine) => genresOverlap(mine, g)));
  if (candidates.length < CHOICE_DISTRACTORS) return null;
  return {
    question: `Which genre is ${k.fact.title} known for?`,
    correct,
    distractors: random.shuffle(candidates).slice(0, CHOICE_DISTRACTORS),
    explanation: own.length > 1 ? `${possessive(k.fact.title)} genres are ${listing(own)}.` : `${possessive(k.fact.title)} genre is ${correct}.`,
  };
}

function birthYearQuestion(k: Known): Draft | null {
  if (k.year === null) return null;
  const year = k.year;
  return {
    question: isBand(k) ? `In which year was ${k.fact.title} formed?` : `In which year was ${k.fact.title} born?`,
    correct: String(year),
    distractors: BIRTH_YEAR_DISTRACTOR_OFFSETS.map((offset) => String(year + offset)),
    explanation: yearAndPlace(k) + (k.yearFromBio ? fromBio(k) : ''),
  };
}

function originQuestion(k: Known, pools: Pools, random: Random): Draft | null {
  const origin = originOf(k);
  if (origin === null) return null;
  const mentioned = k.fact.bioPlaces.map(answerKey);
  const candidates = pools.origins.filter(
    (o) => !originsOverlap(origin, o) && !placeParts(o).some((part) => mentioned.includes(part)),
  );
  if (candidates.length < CHOICE_DISTRACTORS) return null;
  return {
    question: isBand(k) ? `Where was ${k.fact.title} formed?` : `Where does ${k.fact.title} come from?`,
    correct: origin,
    distractors: random.shuffle(candidates).slice(0, CHOICE_DISTRACTORS),
    explanation: isBand(k) ? `${k.fact.title} was formed in ${origin}.` : `${k.fact.title} comes from ${origin}.`,
  };
}

function trueFalseQuestion(k: Known, random: Random): Draft | null {
  if (k.year === null) return null;
  const isTrue = random.int(2) === 0;
  const claimed = isTrue ? k.year : k.year + (random.int(2) === 0 ? -1 : 1) * TRUE_FALSE_YEAR_OFFSET;
  const verb = isBand(k) ? 'formed' : 'born';
  return {
    question: `True or False: ${k.fact.title} was ${verb} in ${claimed}.`,
    correct: isTrue ? 'True' : 'False',
    distractors: [isTrue ? 'False' : 'True'],
    fixedOptions: ['True', 'False'],
    explanation: yearAndPlace(k) + (k.yearFromBio ? fromBio(k) : ''),
  };
}

function realNameQuestion(k: Known, pools: Pools, random: Random): Draft | null {
  const realName = k.realName;
  if (realName === null) return null;
  const titleKey = answerKey(k.fact.title);
  const candidates = distinct(
    pools.soloWithRealName
      .filter((other) => other.fact.id !== k.fact.id)
      .map((other) => other.realName as string)
      .filter((name) => answerKey(name) !== answerKey(realName) && answerKey(name) !== titleKey),
  );
  if (candidates.length < CHOICE_DISTRACTORS) return null;
  return {
    question: `What is the real name of ${k.fact.title}?`,
    correct: realName,
    distractors: random.shuffle(candidates).slice(0, CHOICE_DISTRACTORS),
    explanation: `${possessive(k.fact.title)} real name is ${realName}.` + (k.realNameFromBio ? fromBio(k) : ''),
  };
}

function stageNameQuestion(k: Known, pools: Pools, random: Random): Draft | null {
  const realName = k.realName;
  if (realName === null) return null;
  const realKey = answerKey(realName);
  // Other solo artists' names, none of them used by someone with this real name, nor the name itself.
  const taken = new Set(pools.everyRealName.filter((other) => answerKey(other.realName as string) === realKey).map((other) => answerKey(other.fact.title)));
  taken.add(realKey);
  const candidates = distinct(pools.soloWithRealName.map((other) => other.fact.title).filter((title) => !taken.has(answerKey(title))));
  if (candidates.length < CHOICE_DISTRACTORS) return null;
  return {
    question: `Which artist's real name is ${realName}?`,
    correct: k.fact.title,
    distractors: random.shuffle(candidates).slice(0, CHOICE_DISTRACTORS),
    explanation: `${realName} performs as ${k.fact.title}.` + (k.realNameFromBio ? fromBio(k) : ''),
  };
}

/** "Adele's", "Alice in Chains'". */
const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** "A", "A and B", "A, B and C". */
function listing(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function draftQuestion(category: QuizCategory, k: Known, pools: Pools, random: Random): Draft | null {
  switch (category) {
    case 'Genre':
      return genreQuestion(k, pools, random);
    case 'Birth Year':
      return birthYearQuestion(k);
    case 'Origin':
      return originQuestion(k, pools, random);
    case 'True/False':
      return trueFalseQuestion(k, random);
    case 'Real Names':
      return realNameQuestion(k, pools, random);
    case 'Stage Names':
      return stageNameQuestion(k, pools, random);
  }
}

/** Turns a draft into a question with shuffled, distinct options; null if options collide. */
function finish(draft: Draft, category: QuizCategory, k: Known, random: Random): QuizQuestion | null {
  const options = draft.fixedOptions ?? random.shuffle([draft.correct, ...draft.distractors]);
  if (new Set(options.map(answerKey)).size !== options.length) return null;
  return {
    question: draft.question,
    options,
    correctAnswer: options.indexOf(draft.correct),
    explanation: draft.explanation,
    category,
    artistId: k.fact.id,
  };
}

/** Artists the quiz may ask about (a biography of at least 50 characters). */
export function eligibleFacts(facts: readonly QuizFact[]): QuizFact[] {
  return facts.filter((fact) => fact.bioLength >= MIN_BIO_CHARS && fact.title.trim() !== '');
}

/**
 * Up to 10 questions, one per artist at most: artists in a seeded random order, each with a
 * kind chosen at random; a question that cannot be asked truthfully (a missing fact, too few
 * distractors) is skipped.
 */
export function generateQuiz(facts: readonly QuizFact[], seed: string): QuizQuestion[] {
  const random = seededRandom(seed);
  const eligible = new Set(eligibleFacts(facts));
  // Two artists with one name make any question about that name ambiguous: not asked.
  const titleCount = new Map<string, number>();
  for (const f of facts) titleCount.set(answerKey(f.title), (titleCount.get(answerKey(f.title)) ?? 0) + 1);
  const all = facts.map(resolve);
  const known = all.filter((k) => eligible.has(k.fact));
  const pools: Pools = {
    genres: distinct(known.flatMap((k) => k.fact.genres.map((g) => g.trim()))),
    origins: distinct(known.map(originOf).filter((o): o is string => o !== null)),
    soloWithRealName: known.filter((k) => k.realName !== null),
    everyRealName: all.filter((k) => k.realName !== null),
  };
  const questions: QuizQuestion[] = [];
  for (const k of random.shuffle(known)) {
    if (questions.length >= MAX_QUESTIONS) break;
    if (titleCount.get(answerKey(k.fact.title)) !== 1) continue;
    const category = QUIZ_CATEGORIES[random.int(QUIZ_CATEGORIES.length)];
    const draft = draftQuestion(category, k, pools, random);
    const question = draft && finish(draft, category, k, random);
    if (question) questions.push(question);
  }
  return questions;
}

/** The results message for a score. */
export function resultMessage(score: number, total: number): string {
  const percent = total === 0 ? 0 : (score / total) * 100;
  if (percent >= 80) return 'Outstanding! You really know your music!';
  if (percent >= 60) return 'Great job! You have solid music knowledge!';
  if (percent >= 40) return 'Not bad! Keep exploring music to learn more!';
  return "Keep listening! There's so much music to discover!";
}

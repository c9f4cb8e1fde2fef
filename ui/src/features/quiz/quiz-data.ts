import { queryOptions } from '@tanstack/react-query';
import { api, links, QUIZ_MAX_SEED_CHARS, titles, type QuizFact } from '../../generated/contract';

/** The page title: "Music Quiz - {product}". */
export const QUIZ_TITLE = titles.quiz();

const SEED = new RegExp(`^[A-Za-z0-9_-]{1,${QUIZ_MAX_SEED_CHARS}}$`);

/** A seed from the URL: 1 to 64 of A-Z a-z 0-9 - _ (the server accepts the same). */
export function parseQuizSeed(raw: string | null | undefined): string | null {
  return raw && SEED.test(raw) ? raw : null;
}

/** The API path of a seed's facts, which is also the query key (the server prefetches it). */
export const quizFactsKey = (seed: string): string => api.quizFacts(seed);

/** A seed's facts never go stale: a quiz in progress keeps the data it was built from. */
export const quizFactsQuery = (seed: string) =>
  queryOptions<QuizFact[], Error, QuizFact[], [string]>({ queryKey: [api.quizFacts(seed)], staleTime: Infinity });

/** The quiz page URL for a seed (shareable). */
export const quizUrl = (seed: string): string => links.quizSeed(seed);

import { queryOptions } from '@tanstack/react-query';
import { PRODUCT } from '../../lib/site';
import type { QuizFact } from './quiz-generator';

/** Spec section 2. */
export const QUIZ_TITLE = `Music Quiz - ${PRODUCT}`;

/** A seed from the URL: 1 to 64 of A-Z a-z 0-9 - _ (the server accepts the same). */
export function parseQuizSeed(raw: string | null | undefined): string | null {
  return raw && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null;
}

/** The API path, which is also the query key (the server prefetches the same key). */
export const quizFactsKey = (seed: string) => `/api/quiz/facts?seed=${seed}`;

/** A seed's facts never go stale: a quiz in progress must keep the data it was built from. */
export const quizFactsQuery = (seed: string) =>
  queryOptions<QuizFact[], Error, QuizFact[], [string]>({ queryKey: [quizFactsKey(seed)], staleTime: Infinity });

/** The quiz page URL for a seed. */
export const quizUrl = (seed: string) => `/quiz?seed=${seed}`;

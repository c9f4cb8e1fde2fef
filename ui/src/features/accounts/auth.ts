import type { QueryClient } from '@tanstack/react-query';
import {
  accountActions,
  api,
  type CodeCheck,
  type CodeRequest,
  type Credentials,
  type Done,
  type EmailOnly,
  type User,
} from '../../generated/contract';
import { httpErrorFromText, isHttpError } from '../../lib/http-error';

type Action = (typeof accountActions)[keyof typeof accountActions];

/** One state-changing accounts call: JSON in, JSON out; a non-OK answer throws an HttpError. */
export async function call<T>(action: Action, body?: unknown): Promise<T> {
  const response = await fetch(action.path, {
    method: action.method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text().catch(() => '');
  if (!response.ok) throw httpErrorFromText(response.status, response.statusText, text);
  return (text === '' ? null : JSON.parse(text)) as T;
}

export const signIn = (body: Credentials) => call<User>(accountActions.signIn, body);
export const signUp = (body: Credentials) => call<Done>(accountActions.signUp, body);
export const requestCode = (body: CodeRequest) => call<Done>(accountActions.requestCode, body);
export const verifyCode = (body: CodeCheck) => call<User>(accountActions.verifyCode, body);
export const recover = (body: EmailOnly) => call<Done>(accountActions.recover, body);
export const signOut = () => call<Done>(accountActions.signOut);

/** The message an error toast shows: the server's own words when it sent some. */
export function errorMessage(error: unknown): string {
  if (isHttpError(error)) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** After a sign-in: the user is known at once, and the favorites are refreshed. */
export async function afterSignIn(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData([api.user()], user);
  // The whole library at once, so hearts, the header count, favorites mode and the
  // player's Load Folder are right straight after signing in.
  const library = [api.favorites(), api.favoriteFolders(), api.videoFavorites()];
  await Promise.all(
    library.map((path) =>
      queryClient.fetchQuery({ queryKey: [path], staleTime: 0 }).catch(() => {
        // Library failures are logged and the product carries on.
      }),
    ),
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { api, type User } from '../../generated/contract';
import { isHttpError } from '../../lib/http-error';

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

import { useMutation } from '@tanstack/react-query';

/**
 * A write a person starts from a dialog or a button. Its busy and error state are its
 * mutation's, never kept by hand beside it: `busy` while it runs, `error` the failure's
 * message (the product's wording: the library's writes word their failures), logged too.
 * It never pauses for a network check: a write fails at once, as a person expects.
 */
export function useAction<A, R>(work: (arg: A) => Promise<R>, onDone?: (result: R, arg: A) => void) {
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: work,
    onSuccess: onDone && ((result: R, arg: A) => onDone(result, arg)),
    onError: (failure) => console.error(failure),
  });
  return { run: mutation.mutate, busy: mutation.isPending, error: mutation.error ? mutation.error.message : null, reset: mutation.reset };
}

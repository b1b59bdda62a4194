import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { describeError } from '@/lib/api-client';

type SuccessToast = string | { title: string; description: string };

export interface ToastedMutationOptions<TData, TVariables, TOnMutateResult> extends UseMutationOptions<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> {
  /** The toast's title when it worked; none: the screen says so itself. */
  success?: SuccessToast | ((data: TData, variables: TVariables) => SuccessToast);
  /** The toast's title when it failed; its text is the server's sentence, else `failureHint`. */
  failure: string;
  /** What the toast says when the server gave no sentence ("Please try again." unless set). */
  failureHint?: string;
}

/**
 * A change an operator or visitor asked for, reported by a toast: the success title, or the failure
 * title with the server's own sentence. The screen's own onSuccess / onError run after the toast.
 */
export function useToastedMutation<TData, TVariables = void, TOnMutateResult = unknown>({
  success,
  failure,
  failureHint = 'Please try again.',
  onSuccess,
  onError,
  ...options
}: ToastedMutationOptions<TData, TVariables, TOnMutateResult>): UseMutationResult<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> {
  const { toast } = useToast();
  return useMutation({
    ...options,
    onSuccess: (data, variables, ...rest) => {
      const said = typeof success === 'function' ? success(data, variables) : success;
      if (said) toast(typeof said === 'string' ? { title: said } : said);
      return onSuccess?.(data, variables, ...rest);
    },
    onError: (error, variables, ...rest) => {
      toast({ title: failure, description: describeError(error, failureHint), variant: 'destructive' });
      return onError?.(error, variables, ...rest);
    },
  });
}

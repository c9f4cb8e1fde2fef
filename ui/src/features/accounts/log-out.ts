import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/navigation';
import { toast, errorToast } from '../../lib/toast';
import { isHttpError } from '../../lib/http-error';
import { forgetSignedInUser } from '../../lib/signed-out';
import { client } from '../../lib/api-client';
import { errorMessage } from './auth';

/**
 * Log Out: sign out, clear the local library, go to /, toast "Logged out";
 * the page forgets the user, and the player stops and clears its queue.
 */
export function useLogOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await client.signOut();
    } catch (error) {
      // A session that already ended is signed out all the same.
      if (!(isHttpError(error) && error.status === 401)) {
        errorToast(errorMessage(error));
        return;
      }
    }
    forgetSignedInUser(queryClient);
    navigate('/');
    toast({ title: 'Logged out' });
  }, [queryClient, navigate]);
}

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useSignOut } from './api.ts';
import { scheduleSessionClear } from './session-end.ts';

/** Errors that mean "there was no session anyway": treat them as a successful sign-out. */
function isAlreadySignedOut(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  return error instanceof Error && error.message.includes('session_id');
}

/**
 * Sign out from anywhere: POST /api/auth/sign-out, toast, go to /, and clear the local session
 * (me → null, session-bound queries dropped). On failure the local session is cleared all the same.
 */
export function useSignOutFlow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useSignOut();

  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
      toast.success('Signed out successfully');
    } catch (error) {
      if (isAlreadySignedOut(error)) toast.success('Signed out successfully');
      else toast.error('Sign out failed, but clearing local session');
    }
    // The clear runs once "/" is on screen (see session-end.ts).
    scheduleSessionClear(queryClient);
    await navigate('/', { replace: true });
  }, [mutateAsync, navigate, queryClient]);

  return { signOut, isPending };
}

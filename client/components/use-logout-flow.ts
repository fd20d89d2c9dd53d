import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../api/auth.js';
import { notifyError } from '../app/notify.js';

/** Logout from anywhere: end the server session, forget cached data, go to /login. */
export function useLogoutFlow(): { logout: () => void; pending: boolean } {
  const mutation = useLogout();
  const navigate = useNavigate();
  const { mutate } = mutation;
  const logout = useCallback(() => {
    mutate(undefined, {
      onSuccess: () => navigate('/login'),
      onError: (error) => notifyError(error, 'Logout failed. Please try again.'),
    });
  }, [mutate, navigate]);
  return { logout, pending: mutation.isPending };
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { refreshUser } from '../../session/shell-store';
import { useLocalizedPath } from '../../i18n/use-locale';
import { startActingAs } from './admin-api';

/**
 * Login-as-client: the administrator's session starts acting as the company's user, the shell
 * reloads the current user (the banner appears) and the company's survey profile opens.
 */
export function useActAsClient(): (companyId: number) => Promise<void> {
  const navigate = useNavigate();
  const path = useLocalizedPath();
  return useCallback(
    async (companyId: number) => {
      await startActingAs(companyId);
      await refreshUser();
      await navigate(path('profileIzz'));
    },
    [navigate, path],
  );
}

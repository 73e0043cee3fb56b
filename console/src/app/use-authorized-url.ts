import { useEffect, useState } from 'react';
import { useAppSelector } from './hooks';

/**
 * An object URL for a file the API serves behind the session token (an <img src> or <video src>
 * cannot send it): fetched once per url, revoked when the component goes. null while loading or on error.
 */
export function useAuthorizedUrl(url: string | null): string | null {
  const token = useAppSelector((state) => state.session.token);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let revoked = false;
    let created: string | null = null;
    void fetch(url, { headers: { Authorization: `Bearer ${token}` } })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || revoked) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, token]);
  return objectUrl;
}

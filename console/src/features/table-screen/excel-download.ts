/**
 * Downloads an Excel answer of the API (`GET /<path>?<params>`) under `fileName`; false when the
 * answer is not a sheet (an error envelope), so the caller can say so.
 */
export async function downloadSheet(token: string, path: string, params: Record<string, string | number | undefined>, fileName: string, language?: string): Promise<boolean> {
  const query = new URLSearchParams({ _t: String(Date.now()) });
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  // The console's language (not the browser's): the server writes headers and labels in it.
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (language) headers['Accept-Language'] = acceptLanguage(language);
  const response = await fetch(`/${path}?${query.toString()}`, { headers, credentials: 'include' });
  if (!response.ok || !response.headers.get('content-type')?.includes('spreadsheet')) return false;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
  return true;
}

/** The console's i18n language (zh_CN, en_US) as an Accept-Language value. */
export function acceptLanguage(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'zh-CN';
}

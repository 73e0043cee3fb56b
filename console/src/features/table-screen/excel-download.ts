/**
 * Downloads an Excel answer of the API (`GET /<path>?<params>`) under `fileName`; false when the
 * answer is not a sheet (an error envelope), so the caller can say so.
 */
export async function downloadSheet(token: string, path: string, params: Record<string, string | number | undefined>, fileName: string): Promise<boolean> {
  const query = new URLSearchParams({ _t: String(Date.now()) });
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const response = await fetch(`/${path}?${query.toString()}`, { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' });
  if (!response.ok || !response.headers.get('content-type')?.includes('spreadsheet')) return false;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
  return true;
}

/** Days with their index in the answer, newest first (the answer lists them oldest first), so today's column leads. */
export function newestFirst(days: readonly string[]): { day: string; i: number }[] {
  return days.map((day, i) => ({ day, i })).sort((a, b) => b.day.localeCompare(a.day));
}

const MUTE_KEY = 'alarmSoundMuted';

export function isAlarmSoundMuted(): boolean {
  return globalThis.localStorage?.getItem(MUTE_KEY) === '1';
}

export function setAlarmSoundMuted(muted: boolean): void {
  globalThis.localStorage?.setItem(MUTE_KEY, muted ? '1' : '0');
}

/** A short two-tone beep (Web Audio; no sound file to load), unless the user muted it. */
export function playAlarmSound(): void {
  if (isAlarmSoundMuted()) return;
  const AudioContextClass = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    [880, 660].forEach((frequency, i) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + i * 0.25);
      oscillator.stop(context.currentTime + i * 0.25 + 0.2);
    });
    setTimeout(() => void context.close(), 1000);
  } catch {
    // Autoplay policies may refuse before the first user gesture: the toast still shows.
  }
}

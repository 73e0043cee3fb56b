import { areAlarmToastsMuted, nextAlarmToast, setAlarmToastsMuted } from './alarm-toast-group';

describe('alarm toasts grouped in a window', () => {
  it('counts a burst into one toast key and starts a new one after the window', () => {
    let toast = nextAlarmToast(null, { label: '京A1 超速', level: 1 }, 1_000);
    expect(toast).toMatchObject({ count: 1, emergency: false, latest: '京A1 超速' });
    const key = toast.key;
    for (let i = 2; i <= 7; i += 1) toast = nextAlarmToast(toast, { label: `京A${i} 紧急报警`, level: i === 4 ? 0 : 1 }, 1_000 + i * 4_000);
    expect(toast).toMatchObject({ key, count: 7, emergency: true, latest: '京A7 紧急报警' });
    const later = nextAlarmToast(toast, { label: '京A8 超速', level: 1 }, 1_000 + 30_000);
    expect(later.key).not.toBe(key);
    expect(later).toMatchObject({ count: 1, emergency: false });
  });

  it('remembers the mute switch', () => {
    setAlarmToastsMuted(true);
    expect(areAlarmToastsMuted()).toBe(true);
    setAlarmToastsMuted(false);
    expect(areAlarmToastsMuted()).toBe(false);
  });
});

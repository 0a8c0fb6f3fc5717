/*
 * The sound a new request makes in an open back-office tab, on this device. A browser lets
 * a page play sound only after the person has touched it (autoplay rules): the audio is
 * made ready at the first tap or key press, and a request arriving before that still shows
 * its toast, title count and badge, silently. Off or on is kept per device (localStorage):
 * the office PC may ring while the owner's phone stays quiet.
 */

import { afterNextPaint } from "~/components/after-next-paint";

const PREFERENCE_KEY = "lockline.alert-sound";

export function alertSoundEnabled(): boolean {
  try {
    return window.localStorage.getItem(PREFERENCE_KEY) !== "off";
  } catch {
    return true;
  }
}

const listeners = new Set<() => void>();

/** For useSyncExternalStore: told when this page changes the preference. */
export function subscribeAlertSound(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setAlertSoundEnabled(enabled: boolean): void {
  try {
    window.localStorage.setItem(PREFERENCE_KEY, enabled ? "on" : "off");
  } catch {
    // Private mode without storage: the choice is not kept.
  }
  for (const listener of listeners) listener();
  if (enabled) void unlockAlertSound();
}

let audio: AudioContext | undefined;

/** Called from a tap or key press: the browser then lets this page play sound. */
export async function unlockAlertSound(): Promise<boolean> {
  if (typeof window === "undefined" || !("AudioContext" in window)) return false;
  audio ??= new AudioContext();
  if (audio.state === "suspended") await audio.resume().catch(() => undefined);
  return audio.state === "running";
}

/** Two short rising tones (no file to download); nothing when off or not yet allowed. */
export function playAlertSound(): void {
  if (!alertSoundEnabled() || !audio || audio.state !== "running") return;
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 1175],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.2);
  }
}

/**
 * Lets the page play sound from the first tap or key press on it (see above). Making the
 * audio context is slow (200 ms on a machine without a sound card, tens of ms on a phone):
 * it is made after the tap's own paint, not inside the tap, so the first tap on a screen
 * answers as quickly as any other. Chromium and Firefox allow that for a few seconds after
 * a tap; a browser that allows it only inside a tap gets it resumed at the next one, which
 * is quick.
 */
export function unlockAlertSoundOnFirstTouch(): () => void {
  let making = false;
  const onTouch = () => {
    if (audio) {
      if (audio.state === "running") stop();
      else void audio.resume().catch(() => undefined);
      return;
    }
    if (making) return;
    making = true;
    afterNextPaint(() => void unlockAlertSound().then((running) => running && stop()));
  };
  const stop = () => {
    document.removeEventListener("pointerdown", onTouch);
    document.removeEventListener("keydown", onTouch);
  };
  document.addEventListener("pointerdown", onTouch);
  document.addEventListener("keydown", onTouch);
  return stop;
}

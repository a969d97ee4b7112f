"""Writes the game's short sound effects (sounds/*.wav) with plain synthesis: no samples, no recordings.

Mono, 16-bit, 22.05 kHz, soft (peaks well under full scale) and short, so each file stays under 40 KB.
Noise comes from a seeded generator, so running the script again writes the same files.
Run ``python sounds/make_sounds.py`` after editing and commit the .wav files.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent


def _env(t: float, dur: float, attack: float = 0.005, release: float = 0.03) -> float:
    """A linear attack and a smooth release so nothing clicks at the ends."""
    if t < attack:
        return t / attack
    if t > dur - release:
        return max(0.0, (dur - t) / release)
    return 1.0


def _render(dur: float, fn: Callable[[float], float], peak: float = 0.45) -> list[float]:
    n = int(RATE * dur)
    samples = [fn(i / RATE) * _env(i / RATE, dur) for i in range(n)]
    top = max(1e-9, max(abs(s) for s in samples))
    return [s * peak / top for s in samples]


def _lowpass(xs: list[float], a: float) -> list[float]:
    out, y = [], 0.0
    for x in xs:
        y += a * (x - y)
        out.append(y)
    return out


def _noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) for _ in range(n)]


def slide() -> list[float]:
    dur = 0.2
    noise = _lowpass(_noise(int(RATE * dur), 1), 0.18)
    return _render(dur, lambda t: noise[min(len(noise) - 1, int(t * RATE))] * math.sin(math.pi * t / dur) ** 1.5,
                   0.35)


def place() -> list[float]:
    dur = 0.12
    noise = _lowpass(_noise(int(RATE * dur), 2), 0.3)

    def f(t: float) -> float:
        thud = math.sin(2 * math.pi * (140 - 300 * t) * t) * math.exp(-t * 40)
        tick = noise[min(len(noise) - 1, int(t * RATE))] * math.exp(-t * 90)
        return thud + 0.5 * tick

    return _render(dur, f, 0.5)


def flip() -> list[float]:
    dur = 0.14
    noise = _lowpass(_noise(int(RATE * dur), 3), 0.35)

    def f(t: float) -> float:
        a = math.exp(-((t - 0.02) / 0.01) ** 2) + 0.7 * math.exp(-((t - 0.085) / 0.012) ** 2)
        return noise[min(len(noise) - 1, int(t * RATE))] * a

    return _render(dur, f, 0.35)


def coin() -> list[float]:
    dur = 0.4

    def f(t: float) -> float:
        a = math.sin(2 * math.pi * 1318.5 * t) * math.exp(-t * 9)
        b = math.sin(2 * math.pi * 1975.5 * t) * math.exp(-max(0.0, t - 0.06) * 8) * (t > 0.06)
        return a + 0.8 * b

    return _render(dur, f, 0.3)


def dice() -> list[float]:
    dur = 0.5
    rng = random.Random(4)
    hits = sorted(rng.uniform(0.0, 0.42) for _ in range(7))
    noise = _lowpass(_noise(int(RATE * dur), 5), 0.5)

    def f(t: float) -> float:
        s = 0.0
        for i, h in enumerate(hits):
            if t >= h:
                d = t - h
                s += (0.6 + 0.4 * ((i * 7) % 3) / 2) * math.exp(-d * 160) * (
                    noise[min(len(noise) - 1, int(t * RATE))] + 0.6 * math.sin(2 * math.pi * (900 + 130 * i) * d))
        return s

    return _render(dur, f, 0.4)


def fanfare() -> list[float]:
    dur = 0.82
    notes = [(0.0, 523.25), (0.12, 659.25), (0.24, 783.99), (0.38, 1046.5)]

    def f(t: float) -> float:
        s = 0.0
        for start, freq in notes:
            if t >= start:
                d = t - start
                tone = math.sin(2 * math.pi * freq * d) + 0.3 * math.sin(4 * math.pi * freq * d)
                s += tone * min(1.0, d / 0.01) * math.exp(-d * (2.5 if start == notes[-1][0] else 5))
        return s

    return _render(dur, f, 0.35)


def click() -> list[float]:
    dur = 0.05
    return _render(dur, lambda t: math.sin(2 * math.pi * 1800 * t) * math.exp(-t * 120), 0.3)


def error() -> list[float]:
    dur = 0.28

    def f(t: float) -> float:
        freq = 330 if t < 0.12 else 247
        d = t if t < 0.12 else t - 0.12
        return (math.sin(2 * math.pi * freq * t) + 0.2 * math.sin(6 * math.pi * freq * t)) * math.exp(-d * 12)

    return _render(dur, f, 0.3)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "slide": slide, "place": place, "flip": flip, "coin": coin, "dice": dice, "fanfare": fanfare, "click": click,
    "error": error,
}


def write(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples))


def main() -> None:
    for name, make in SOUNDS.items():
        path = OUT / f"{name}.wav"
        write(path, make())
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()

// What the simulated camera and microphone produce: a JPEG scene (sky, road, a vehicle whose colour
// and position follow the terminal and the time) and a short WAV tone. Encoded with jpeg-js, so a
// photo is a real image the console can show, of a realistic size (tens of kilobytes: subpackaged).
const jpeg = require('jpeg-js');

const RESOLUTIONS = { 1: [320, 240], 2: [640, 480], 3: [800, 600], 4: [1024, 768], 5: [176, 144], 6: [352, 288], 7: [704, 288], 8: [704, 576] };

/** A photo of `resolution` (0x8801 code) and `quality` (1 best .. 10), varied by seed. */
function photo(seed, resolution = 1, quality = 5) {
  const [width, height] = RESOLUTIONS[resolution] ?? RESOLUTIONS[1];
  const data = Buffer.alloc(width * height * 4);
  const hue = (seed * 47) % 256;
  const carX = Math.floor(((seed * 37) % 100) / 100 * (width * 0.6)) + Math.floor(width * 0.1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let r, g, b;
      if (y < height * 0.6) {
        const t = y / (height * 0.6);
        r = 90 + 60 * t; g = 140 + 40 * t; b = 210 - 30 * t;
      } else {
        r = g = b = 70 + ((x * 7 + y * 13 + seed) % 9);
        if (Math.abs(x - width / 2) < width * 0.01 && Math.floor(y / 10) % 2 === 0) r = g = b = 220;
      }
      if (x >= carX && x < carX + width * 0.25 && y > height * 0.5 && y < height * 0.72) {
        r = hue; g = 255 - hue; b = (hue * 3) % 256;
      }
      data[i] = r; data[i + 1] = g; data[i + 2] = b; data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 100 - Math.min(10, Math.max(1, quality)) * 8).data;
}

/** `seconds` of a 440 Hz tone, 8 kHz mono 16-bit PCM WAV. */
function recording(seconds = 1) {
  const rate = 8000;
  const samples = Math.max(1, Math.round(rate * Math.min(seconds, 5)));
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0); wav.writeUInt32LE(36 + samples * 2, 4); wav.write('WAVE', 8);
  wav.write('fmt ', 12); wav.writeUInt32LE(16, 16); wav.writeUInt16LE(1, 20); wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24); wav.writeUInt32LE(rate * 2, 28); wav.writeUInt16LE(2, 32); wav.writeUInt16LE(16, 34);
  wav.write('data', 36); wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

module.exports = { photo, recording };

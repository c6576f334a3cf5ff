import { writeFileSync } from 'node:fs';

/**
 * Barcodes drawn as pixels, and a Y4M video (YUV 4:2:0) showing one of them black on white, for Chromium's fake
 * camera (--use-file-for-fake-video-capture). Chromium loops the file, so a few frames are enough. EAN-13 (the
 * products' barcodes), EAN-8 and Code 128 (the shelf labels 'ART-' + code of the demo), with their check digits.
 */
const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((c) => [...c].map((b) => (b === '0' ? '1' : '0')).join(''));
const G = R.map((c) => [...c].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 ('1' = bar). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const d = [...code].map(Number);
  const parity = PARITY[d[0]!]!;
  let s = '101';
  for (let i = 1; i <= 6; i++) s += (parity[i - 1] === 'L' ? L : G)[d[i]!]!;
  s += '01010';
  for (let i = 7; i <= 12; i++) s += R[d[i]!]!;
  return s + '101';
}

/** The 67 modules of an EAN-8 ('1' = bar); the eighth digit is the check digit. */
export function ean8Modules(code: string): string {
  if (!/^\d{8}$/.test(code)) throw new Error(`not an EAN-8: ${code}`);
  const d = [...code].map(Number);
  const check = (10 - (d.slice(0, 7).reduce((sum, n, i) => sum + n * (i % 2 ? 1 : 3), 0) % 10)) % 10;
  if (check !== d[7]) throw new Error(`bad EAN-8 check digit: ${code}`);
  return '101' + d.slice(0, 4).map((n) => L[n]!).join('') + '01010' + d.slice(4).map((n) => R[n]!).join('') + '101';
}

/** Code 128 symbol values 0–106 as bar/space widths (bar first); 104 is Start B, 106 Stop. */
const C128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

const widthsToModules = (w: string) => [...w].map((n, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(n))).join('');

/** The modules of a Code 128 (code set B: printable ASCII) with its modulo-103 check symbol ('1' = bar). */
export function code128Modules(text: string): string {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new Error(`not printable ASCII for Code 128 B: ${text}`);
  const values = [...text].map((ch) => ch.charCodeAt(0) - 32);
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), 104) % 103;
  return [104, ...values, check, 106].map((v) => widthsToModules(C128[v]!)).join('');
}

export type Symbology = 'ean13' | 'ean8' | 'code128';
export const barcodeModules = (code: string, symbology: Symbology = 'ean13') =>
  symbology === 'ean13' ? ean13Modules(code) : symbology === 'ean8' ? ean8Modules(code) : code128Modules(code);

export type VideoOptions = {
  symbology?: Symbology;
  width?: number;
  height?: number;
  frames?: number;
  /** Frames per second written in the header (Chromium plays the file at that rate). */
  fps?: number;
  /** Pixels per module; by default the widest that leaves a quiet zone of 10 modules on each side. */
  module?: number;
};

/** The luminance plane (one byte per pixel, 16 = bar, 235 = paper) of a frame showing the code in the middle. */
export function barcodeLuma(code: string, opts: VideoOptions = {}): { y: Buffer; width: number; height: number } {
  const width = opts.width ?? 640;
  const height = opts.height ?? 480;
  const modules = barcodeModules(code, opts.symbology);
  const mod = opts.module ?? Math.max(1, Math.min(5, Math.floor(width / (modules.length + 20))));
  if (modules.length * mod > width) throw new Error(`${code} does not fit in ${width} px at ${mod} px a module`);
  const left = Math.floor((width - modules.length * mod) / 2);
  const top = Math.floor(height * 0.2);
  const bottom = Math.floor(height * 0.8);
  const y = Buffer.alloc(width * height, 235);
  for (let row = top; row < bottom; row++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] !== '1') continue;
      y.fill(16, row * width + left + m * mod, row * width + left + (m + 1) * mod);
    }
  }
  return { y, width, height };
}

export function writeBarcodeY4m(file: string, code: string, opts: VideoOptions = {}) {
  const { y, width, height } = barcodeLuma(code, opts);
  const frames = opts.frames ?? 10;
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${opts.fps ?? 10}:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

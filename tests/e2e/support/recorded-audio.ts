/**
 * How long a file the browser's MediaRecorder wrote lasts, read from its container: fragmented
 * MP4 (Chromium's `audio/mp4`) or WebM. The recorder writes no duration in the header (it does
 * not know it when it starts), so the frames' own durations and times are added up.
 */

/**
 * The recording's length in seconds, or undefined when the container is neither MP4 nor WebM or
 * holds no audio frame.
 * @param bytes - the whole file
 */
export function recordedAudioSeconds(bytes: Uint8Array): number | undefined {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (file.length >= 8 && file.toString('latin1', 4, 8) === 'ftyp') return mp4Seconds(file);
  if (file.length >= 4 && file.readUInt32BE(0) === 0x1a45dfa3) return webmSeconds(file);
  return undefined;
}

/** The MP4 boxes between `start` and `end`: their type and where their content lies. */
function* boxes(file: Buffer, start: number, end: number) {
  let at = start;
  while (at + 8 <= end) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(file.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header) return;
    yield { type, content: at + header, end: Math.min(at + size, end) };
    at += size;
  }
}

function findBox(file: Buffer, start: number, end: number, path: readonly string[]) {
  let range: { content: number; end: number } | undefined = { content: start, end };
  for (const type of path) {
    if (!range) return undefined;
    const { content, end: last }: { content: number; end: number } = range;
    range = [...boxes(file, content, last)].find((box) => box.type === type);
  }
  return range;
}

/**
 * A fragmented MP4: the track's time scale (`mdhd`), and each fragment's samples (`trun`), with
 * their own durations or the fragment's (`tfhd`) or the movie's (`trex`) default.
 */
function mp4Seconds(file: Buffer): number | undefined {
  const moov = findBox(file, 0, file.length, ['moov']);
  const mdhd = moov && findBox(file, moov.content, moov.end, ['trak', 'mdia', 'mdhd']);
  if (!moov || !mdhd) return undefined;
  const version = file.readUInt8(mdhd.content);
  const timescale = file.readUInt32BE(mdhd.content + (version === 1 ? 20 : 12));
  const trex = findBox(file, moov.content, moov.end, ['mvex', 'trex']);
  const movieDefault = trex ? file.readUInt32BE(trex.content + 12) : 0;
  let units = 0;
  for (const moof of boxes(file, 0, file.length)) {
    if (moof.type !== 'moof') continue;
    for (const traf of boxes(file, moof.content, moof.end)) {
      if (traf.type !== 'traf') continue;
      let fragmentDefault = movieDefault;
      for (const box of boxes(file, traf.content, traf.end)) {
        const flags = file.readUInt32BE(box.content) & 0xffffff;
        if (box.type === 'tfhd') {
          // track id, then the optional fields in order; 0x08 is the default duration.
          let at = box.content + 8;
          if (flags & 0x01) at += 8;
          if (flags & 0x02) at += 4;
          if (flags & 0x08) fragmentDefault = file.readUInt32BE(at);
        } else if (box.type === 'trun') {
          const count = file.readUInt32BE(box.content + 4);
          let at = box.content + 8;
          if (flags & 0x01) at += 4;
          if (flags & 0x04) at += 4;
          const perSample = [0x100, 0x200, 0x400, 0x800].filter((flag) => flags & flag).length * 4;
          for (let sample = 0; sample < count; sample += 1) {
            units += flags & 0x100 ? file.readUInt32BE(at) : fragmentDefault;
            at += perSample;
          }
        }
      }
    }
  }
  return units > 0 && timescale > 0 ? units / timescale : undefined;
}

/** An EBML variable-length integer at `at`: its value (marker bit removed) and length. */
function vint(file: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = file.readUInt8(at);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + file.readUInt8(at + i);
  return { value, length };
}

const EBML_SEGMENT = 0x18538067;
const EBML_CLUSTER = 0x1f43b675;
const EBML_INFO = 0x1549a966;
const EBML_TIMECODE_SCALE = 0x2ad7b1;
const EBML_CLUSTER_TIMECODE = 0xe7;
const EBML_SIMPLE_BLOCK = 0xa3;

/**
 * A WebM: the blocks' times (cluster time plus the block's own), from the first to the last,
 * plus one frame's length (the usual gap between blocks).
 */
function webmSeconds(file: Buffer): number | undefined {
  let timecodeScale = 1_000_000;
  let clusterTime = 0;
  const times: number[] = [];
  let at = 0;
  while (at < file.length) {
    const id = vint(file, at, true);
    const size = vint(file, at + id.length, false);
    const content = at + id.length + size.length;
    const unknownSize = size.value === 2 ** (7 * size.length) - 1;
    if (id.value === EBML_SEGMENT || id.value === EBML_CLUSTER || id.value === EBML_INFO) {
      // Into the container; a live recorder writes them without a size.
      at = content;
      continue;
    }
    if (unknownSize) return undefined;
    const readUInt = () => file.readUIntBE(content, Math.min(6, size.value));
    if (id.value === EBML_TIMECODE_SCALE) timecodeScale = readUInt();
    if (id.value === EBML_CLUSTER_TIMECODE) clusterTime = readUInt();
    if (id.value === EBML_SIMPLE_BLOCK) {
      const track = vint(file, content, false);
      times.push(clusterTime + file.readInt16BE(content + track.length));
    }
    at = content + size.value;
  }
  if (times.length < 2) return undefined;
  const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
  const frame = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  const span = (times.at(-1) ?? 0) - (times[0] ?? 0) + frame;
  return (span * timecodeScale) / 1e9;
}

#!/usr/bin/env bash
# Draws each demo clip's poster frame (one second in, the frame make.sh's JPEG poster shows) at the
# card widths of schema/posters.ts (`posterWidths`), as WebP: <name>-<width>.webp. The seeder lists
# them as the clip's poster sizes, like an upload through the app's dialog. Checked in, so seeding
# needs no ffmpeg; rerun after make.sh.
#
#   videos (640 px wide): 320, 480, 640        shorts (360 px wide): 240, 360
#
# Usage: scripts/seed-media/make-poster-sizes.sh   (from anywhere; tested with ffmpeg 5.1, Debian 12)
set -euo pipefail
cd "$(dirname "$0")"

BITEXACT=(-fflags +bitexact -flags:v +bitexact -map_metadata -1)

# make_sizes NAME WIDTH...
make_sizes() {
  local name=$1
  shift
  for width in "$@"; do
    ffmpeg -hide_banner -loglevel error -y -ss 1 -i "${name}.mp4" -frames:v 1 \
      -vf "scale=${width}:-2:flags=area" -c:v libwebp -quality 72 -compression_level 6 \
      "${BITEXACT[@]}" -f webp "${name}-${width}.tmp.webp"
    mv -f "${name}-${width}.tmp.webp" "${name}-${width}.webp"
  done
}

for mp4 in short-??.mp4; do make_sizes "${mp4%.mp4}" 240 360; done
for mp4 in video-??.mp4; do make_sizes "${mp4%.mp4}" 320 480 640; done

du -ch ./*.webp | tail -1

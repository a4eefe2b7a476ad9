#!/usr/bin/env bash
# Regenerates the demo media that `scripts/seed/index.ts` uploads to the local R2 bucket.
#
# Every clip is synthesised from ffmpeg's lavfi sources (no third-party footage, so no licences to
# track) and checked in, so seeding needs neither ffmpeg nor ffprobe. Each source has an explicit
# seed and the encoders run bit-exact, so a rerun with the same ffmpeg build and font gives the same
# bytes (and therefore the same content-addressed R2 keys).
#
#   shorts: 360x640 (vertical), 5-12 s        videos: 640x360 (landscape), 10-25 s
#   H.264 yuv420p + AAC mono, +faststart, 24 fps; one JPEG poster per clip; manifest.json.
#   The posters' card widths (WebP) come from make-poster-sizes.sh: run it after this.
#
# Tested with ffmpeg 5.1 (Debian 12). The total must stay under 8 MB: hence the capped bitrate.
# Usage: scripts/seed-media/make.sh   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")"

FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FPS=24
# Bit-exact flags keep the encoder version strings and timestamps out of the files.
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)
VIDEO=(-c:v libx264 -preset slow -profile:v high -pix_fmt yuv420p -crf 32 -g 48)
AUDIO=(-c:a aac -b:a 32k -ac 1 -ar 44100)

# make_clip NAME WIDTH HEIGHT SECONDS TONE_HZ MAXRATE LABEL SOURCE_FILTERGRAPH
make_clip() {
  local name=$1 w=$2 h=$3 secs=$4 tone=$5 maxrate=$6 label=$7 source=$8
  # A caption with the clip's name and a running clock, so each clip is recognisable in the UI.
  local overlay="drawtext=fontfile=${FONT}:text='${label}':fontsize=22:fontcolor=white"
  overlay+=":box=1:boxcolor=black@0.5:boxborderw=8:x=(w-tw)/2:y=36"
  overlay+=",drawtext=fontfile=${FONT}:text='%{pts\:hms}':fontsize=16:fontcolor=white"
  overlay+=":box=1:boxcolor=black@0.4:boxborderw=6:x=(w-tw)/2:y=h-56"
  # A soft tone with a slow tremolo; the frequency differs per clip so each one sounds different.
  local audio="sine=frequency=${tone}:sample_rate=44100,volume=0.25,tremolo=f=2:d=0.4"

  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "${source},scale=${w}:${h},fps=${FPS},format=yuv420p,${overlay}" \
    -f lavfi -i "${audio}" \
    -t "${secs}" "${VIDEO[@]}" -maxrate "${maxrate}" -bufsize "${maxrate}" -threads 1 \
    "${AUDIO[@]}" "${BITEXACT[@]}" -movflags +faststart "${name}.tmp.mp4"

  # Poster: one frame a second in, small enough for a feed of cards.
  ffmpeg -hide_banner -loglevel error -y -ss 1 -i "${name}.tmp.mp4" -frames:v 1 -q:v 8 \
    "${BITEXACT[@]}" "${name}.tmp.jpg"
  # Renamed only when both are complete, so an interrupted run never leaves a truncated clip.
  mv -f "${name}.tmp.mp4" "${name}.mp4"
  mv -f "${name}.tmp.jpg" "${name}.jpg"
}

S=360x640   # portrait canvas for the shorts
L=640x360   # landscape canvas for the videos
SM=90x160   # small grids for the cellular sources, scaled up with hard edges: cheaper to encode
LM=160x90

make_clip short-01 360 640 8 262 170k 'Reel demo  short 01' \
  "testsrc2=s=${S}:r=${FPS},hue=h=120"
make_clip short-02 360 640 10 294 170k 'Reel demo  short 02' \
  "mandelbrot=s=${S}:r=${FPS}:start_scale=3:end_scale=0.2:start_x=-0.7436438870:start_y=-0.1318259042"
make_clip short-03 360 640 7 330 170k 'Reel demo  short 03' \
  "life=s=${SM}:r=12:seed=7:ratio=0.3:mold=10:life_color=#ffb000:death_color=#1a0833:mold_color=#7a1fa8,scale=360:640:flags=neighbor"
make_clip short-04 360 640 6 349 170k 'Reel demo  short 04' \
  "cellauto=s=45x80:r=8:rule=110:seed=11:ratio=0.5:scroll=1,scale=360:640:flags=neighbor,format=rgb24,lutrgb=r=val*0.15:g=val*0.85:b=val"
make_clip short-05 360 640 9 392 170k 'Reel demo  short 05' \
  "gradients=s=${S}:r=${FPS}:seed=5:speed=0.03:c0=0xff3d7f:c1=0xffbf3d:c2=0x3dd6ff:nb_colors=3"
make_clip short-06 360 640 5 440 170k 'Reel demo  short 06' \
  "smptehdbars=s=${S}:r=${FPS},scroll=h=0.004"
make_clip short-07 360 640 11 494 170k 'Reel demo  short 07' \
  "rgbtestsrc=s=${S}:r=${FPS},hue=h=t*40"
make_clip short-08 360 640 8 523 170k 'Reel demo  short 08' \
  "color=c=0xd94a38:s=${S}:r=${FPS}[bg];color=c=0xffe08a:s=160x160:r=${FPS}[fg];[bg][fg]overlay=x='100+100*sin(t*1.3)':y='240+200*cos(t*0.7)',hue=h=t*30"
make_clip short-09 360 640 12 587 170k 'Reel demo  short 09' \
  "sierpinski=s=90x160:r=${FPS}:seed=9:type=carpet:jump=10,scale=360:640:flags=neighbor,format=rgb24,lutrgb=r=val*0.35+30:g=val*0.8+20:b=val*0.9+60"
make_clip short-10 360 640 7 659 170k 'Reel demo  short 10' \
  "colorspectrum=s=${S}:r=${FPS}:type=all,scroll=v=0.006"

make_clip video-01 640 360 14 196 200k 'Reel demo  video 01' \
  "testsrc2=s=${L}:r=${FPS},hue=h=-60"
make_clip video-02 640 360 18 220 200k 'Reel demo  video 02' \
  "mandelbrot=s=${L}:r=${FPS}:start_scale=2.5:end_scale=0.4:start_x=-0.1011:start_y=0.9563:outer=normalized_iteration_count"
make_clip video-03 640 360 12 247 200k 'Reel demo  video 03' \
  "life=s=${LM}:r=10:seed=21:ratio=0.25:mold=20:life_color=#3dffb5:death_color=#05243a:mold_color=#1f6fa8,scale=640:360:flags=neighbor"
make_clip video-04 640 360 16 277 200k 'Reel demo  video 04' \
  "cellauto=s=80x45:r=8:rule=30:seed=3:ratio=0.5:scroll=1,scale=640:360:flags=neighbor,format=rgb24,lutrgb=r=val:g=val*0.55:b=val*0.2"
make_clip video-05 640 360 20 311 200k 'Reel demo  video 05' \
  "gradients=s=${L}:r=${FPS}:seed=42:speed=0.02:c0=0x2b1055:c1=0x7597de:c2=0xf8b195:c3=0xf67280:nb_colors=4"
make_clip video-06 640 360 10 370 200k 'Reel demo  video 06' \
  "smptehdbars=s=${L}:r=${FPS},hue=h=t*25,scroll=h=-0.003"
make_clip video-07 640 360 22 415 200k 'Reel demo  video 07' \
  "sierpinski=s=160x90:r=${FPS}:seed=17:type=triangle:jump=10,scale=640:360:flags=neighbor,format=rgb24,lutrgb=r=val*0.9+20:g=val*0.4+10:b=val*0.7+40"
make_clip video-08 640 360 25 466 200k 'Reel demo  video 08' \
  "colorchart=r=${FPS}:preset=reference:patch_size=80x80,scale=640:360,hue=h=t*15,rotate=a=t*0.15:c=0x101018"

# manifest.json: what the seeder needs to know without probing (whole-second durations).
{
  echo '['
  first=1
  for mp4 in short-??.mp4 video-??.mp4; do
    name=${mp4%.mp4}
    kind=${name%%-*}
    dims=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0 "$mp4")
    secs=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$mp4")
    bytes=$(stat -c %s "$mp4")
    [[ $first -eq 1 ]] || echo ','
    first=0
    printf '  {"name":"%s","kind":"%s","file":"%s","poster":"%s.jpg","width":%d,"height":%d,"duration":%d,"sizeBytes":%d}' \
      "$name" "$kind" "$mp4" "$name" "${dims%,*}" "${dims#*,}" "$(printf '%.0f' "$secs")" "$bytes"
  done
  echo
  echo ']'
} >manifest.json.tmp
mv -f manifest.json.tmp manifest.json

du -sh .

#!/bin/sh
# Build printkit/colour/fogra39-free.icc, the CMYK output profile of printkit's PDF/X files
# (their OutputIntent) and of any conversion of pictures to CMYK.
#
# Input: FOGRA39L.ti3, Fogra's characterisation data of offset printing on coated paper
# (ISO 12647-2:2004/Amd 1, paper type 1 or 2), as shipped by Debian's icc-profiles-free
# (zlib licence, Kai-Uwe Behrmann). Tool: ArgyllCMS colprof (Debian: argyll).
#
#     apt-get install icc-profiles-free argyll && sh printkit/colour/make_profile.sh
#
# Medium-quality tables (-qm: about 120 KB) and no copy of the measurements (-nc) keep
# it small; ramp black generation (-kr) and the data's 330 % total ink limit are the
# usual choices for coated offset paper.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${FOGRA39:-/usr/share/color/icc/FOGRA39L.ti3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$data" "$work/fogra39-free.ti3"
cd "$work"
colprof -qm -nc -kr -l 330 \
    -A "printkit" \
    -M "FOGRA39 (ISO 12647-2:2004/Amd 1, coated paper)" \
    -D "printkit FOGRA39 coated (free)" \
    -C "Made by printkit from FOGRA39L.ti3 (Fogra; ICC Profiles Free, Kai-Uwe Behrmann); zlib licence" \
    fogra39-free
cp fogra39-free.icc "$here/fogra39-free.icc"
ls -l "$here/fogra39-free.icc"

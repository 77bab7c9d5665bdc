#!/bin/bash
# Joins the shards of deploy/analyze-slurm.sh (run it with
# --dependency=afterok on the array job) into $OUT/merged.
#SBATCH --job-name=tabula-analyze-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:30:00
#SBATCH --output=analyze-merge-%j.log
set -eu
OUT=${TABULA_ANALYZE_DIR:-$PWD/analyze-run}
exec tabula analyze merge --out "$OUT/merged" "$OUT"/shard-*

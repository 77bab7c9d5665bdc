#!/bin/bash
# A sharded `tabula analyze` run as a Slurm job array (docs/analyze.md):
#   jid=$(sbatch --parsable deploy/analyze-slurm.sh)
#   sbatch --dependency=afterok:$jid deploy/analyze-merge-slurm.sh
# Each task plays part SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT into
# its own directory; a task that is requeued resumes where it stopped.
#SBATCH --job-name=tabula-analyze
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --time=12:00:00
#SBATCH --requeue
#SBATCH --output=analyze-%A_%a.log
set -eu
OUT=${TABULA_ANALYZE_DIR:-$PWD/analyze-run}
exec tabula analyze --game agsinnoninka --design each \
	--vary simultaneity=all --vary conflict=all --vary end-hole=all \
	--agents mcts:10 --games 200 --seed 1 --threads "$SLURM_CPUS_PER_TASK" --quiet \
	--shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
	--out "$OUT/shard-$SLURM_ARRAY_TASK_ID"

"""Reports: findings to summaries, files and explanations."""

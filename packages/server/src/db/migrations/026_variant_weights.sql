-- Issue 17: weight-based shipping rates need each variant's weight (grams; null: not given, counted as 0).
ALTER TABLE variants ADD COLUMN weight_grams integer CHECK (weight_grams IS NULL OR weight_grams BETWEEN 0 AND 1000000000);

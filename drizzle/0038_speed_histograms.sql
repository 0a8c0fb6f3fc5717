CREATE TABLE "speed_histograms" (
	"day" date NOT NULL,
	"screen" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "speed_histograms_day_screen_device_metric_bucket_pk" PRIMARY KEY("day","screen","device","metric","bucket")
);

CREATE TABLE "customer_load_counts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"loads" integer NOT NULL
);

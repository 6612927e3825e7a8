-- Which listings show a file: the access check of a non-public image (features/uploads/files.ts).
CREATE INDEX "listing_images_image_url_idx" ON "listing_images" USING btree ("image_url");

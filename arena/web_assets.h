/* web_assets.h -- the report's and the viewer's CSS and JavaScript (web/),
 * embedded at build time (cmake/embed.cmake makes web_assets.c): the pages
 * the arena writes carry them inline and need nothing beside them. */
#ifndef ARENA_WEB_ASSETS_H
#define ARENA_WEB_ASSETS_H

extern const char web_style_css[]; /* web/style.css: both pages */
extern const char web_report_js[]; /* web/report.js: index.html */
extern const char web_viewer_js[]; /* web/viewer.js: replay.html, controls */
extern const char web_boards_js[]; /* web/boards.js: replay.html, one SVG board per game */

#endif

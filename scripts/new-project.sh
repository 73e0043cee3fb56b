#!/usr/bin/env bash
# Creates a workspace project with the house layout: scripts/new-project.sh lib|service NAME "tag,tag" [refs...]
set -euo pipefail
kind=$1; name=$2; tags=$3; shift 3
dir=$([ "$kind" = lib ] && echo libs || echo services)/$name
mkdir -p "$dir/src"
tag_json=$(printf '%s' "$tags" | awk -F, '{for(i=1;i<=NF;i++){printf "%s\"%s\"", (i>1?", ":""), $i}}')
cat > "$dir/package.json" <<JSON
{
  "name": "@openfleet/$name",
  "version": "0.1.0",
  "private": true,
  "main": "dist/index.js",
  "types": "dist/index.d.ts",
  "nx": { "tags": [$tag_json] }
}
JSON
refs=""
for r in "$@"; do refs="$refs${refs:+, }{ \"path\": \"../../$r\" }"; done
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist", "tsBuildInfoFile": "dist/tsconfig.tsbuildinfo", "types": ["node"] },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts", "src/**/*.int-spec.ts", "src/testing/**"],
  "references": [$refs]
}
JSON
[ -f "$dir/src/index.ts" ] || echo "export {};" > "$dir/src/index.ts"
echo "created $dir"

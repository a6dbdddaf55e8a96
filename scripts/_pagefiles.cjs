const m=require("/tmp/lms-web-lead/.vite/manifest.json");
const c=(k,s=new Set())=>{const x=m[k];if(!x||s.has(x.file))return s;s.add(x.file);for(const d of x.imports??[])c(d,s);return s};
const e=Object.keys(m).find(k=>m[k].isEntry);
const E=c(e); const S=c("app/layouts/app-layout.tsx"); const P=c(process.argv[2]);
console.log([...P].filter(f=>!E.has(f)&&!S.has(f)).join(" "));

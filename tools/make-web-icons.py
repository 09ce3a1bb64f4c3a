#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The web app icons web/icons/ludus-192.png and ludus-512.png (docs/wasm.md), written as plain
# PNG with no image library: the board colour, a grid and three stones.  Run from the source tree.
import struct, zlib, sys
def png(path, n):
    wood=(0xe8,0xd2,0xa2); line=(0x6e,0x56,0x34); dark=(0x2b,0x2b,0x2b); light=(0xfa,0xfa,0xf5); accent=(0x2f,0x5d,0x8a)
    rows=[]
    cells=4; m=n*0.18; step=(n-2*m)/cells; lw=max(1.0,n/96)
    stones=[(m+1*step, m+2*step, dark),(m+2*step, m+1*step, light),(m+3*step, m+3*step, dark)]
    r=step*0.42
    for y in range(n):
        row=bytearray([0])
        for x in range(n):
            c=accent
            # rounded square of wood inside an accent border
            if n*0.06<=x<n*0.94 and n*0.06<=y<n*0.94: c=wood
            if c==wood:
                for k in range(cells+1):
                    p=m+k*step
                    if (abs(x-p)<=lw/2 and m-lw<=y<=n-m+lw) or (abs(y-p)<=lw/2 and m-lw<=x<=n-m+lw): c=line
                for sx,sy,sc in stones:
                    d=((x-sx)**2+(y-sy)**2)**0.5
                    if d<=r: c=sc
                    elif d<=r+lw and sc==light: c=line
            row+=bytes(c)
        rows.append(bytes(row))
    raw=b''.join(rows)
    def chunk(t,d): return struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff)
    data=b'\x89PNG\r\n\x1a\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',n,n,8,2,0,0,0))+chunk(b'IDAT',zlib.compress(raw,9))+chunk(b'IEND',b'')
    open(path,'wb').write(data)
png('web/icons/ludus-192.png',192); png('web/icons/ludus-512.png',512)

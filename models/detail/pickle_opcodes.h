#pragma once
// The pickle opcodes Vigil reads. Private to models/pickle_reader.

#include <cstdint>

namespace vigil::models::detail::op {

// Opcode values from CPython's Lib/pickle.py.
constexpr uint8_t kMark = '(', kStop = '.', kBinFloat = 'G', kBinInt = 'J', kBinInt1 = 'K',
                  kBinInt2 = 'M', kNone = 'N', kBinPersId = 'Q', kReduce = 'R', kBinString = 'T',
                  kShortBinString = 'U', kBinUnicode = 'X', kAppend = 'a', kBuild = 'b',
                  kGlobal = 'c', kAppends = 'e', kBinGet = 'h', kLongBinGet = 'j', kEmptyList = ']',
                  kBinPut = 'q', kLongBinPut = 'r', kSetItem = 's', kTuple = 't', kSetItems = 'u',
                  kEmptyDict = '}', kEmptyTuple = ')', kProto = 0x80, kNewObj = 0x81,
                  kTuple1 = 0x85, kTuple2 = 0x86, kTuple3 = 0x87, kNewTrue = 0x88, kNewFalse = 0x89,
                  kLong1 = 0x8a, kShortBinUnicode = 0x8c, kBinUnicode8 = 0x8d, kStackGlobal = 0x93,
                  kMemoize = 0x94, kFrame = 0x95;

} // namespace vigil::models::detail::op
